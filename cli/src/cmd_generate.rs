//! `bsw generate` (under construction).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> crate::CmdResult {
    Err("`bsw generate` is not implemented yet".into())
}
