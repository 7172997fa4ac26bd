//! `bsw trf import|export` (under construction).

#[derive(clap::Subcommand)]
pub enum TrfCommand {}

pub fn run(cmd: TrfCommand) -> crate::CmdResult {
    match cmd {}
}
