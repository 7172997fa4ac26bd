//! Ctrl-C for long runs (`bsw simulate`): the first SIGINT sets a flag that the run polls
//! (it starts nothing new, lets what is under way finish, then reports what finished and
//! exits 130); a second one quits at once, with exit code 130.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code of a run stopped by SIGINT (128 + 2, as shells report it).
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);
static INSTALLED: OnceLock<()> = OnceLock::new();

/// The flag set by Ctrl-C; installs the handler on first use. Without a handler (the
/// platform refused one) Ctrl-C keeps its default effect and the flag is never set.
pub(crate) fn flag() -> &'static AtomicBool {
    INSTALLED.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
            eprintln!("\ninterrupted: finishing what is under way, then the summary (Ctrl-C again to quit at once)");
        });
    });
    &STOP
}
