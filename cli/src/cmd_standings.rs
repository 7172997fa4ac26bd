//! `bsw standings` (under construction).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> crate::CmdResult {
    Err("`bsw standings` is not implemented yet".into())
}
