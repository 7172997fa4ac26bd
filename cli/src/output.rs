//! Standard output and error without panics. `print!` panics when stdout is a closed pipe
//! (`bsw trf export FILE | head -1`) or cannot be written (a full disk); the commands write
//! through `out!` / `outln!` instead, which return `Result<(), String>`:
//! - a closed pipe (`BrokenPipe`) ends the program quietly with exit code 0: the reader has
//!   all it wanted, and files were already written before anything is printed;
//! - any other error becomes the command's error (exit 2, "standard output: …").
//!
//! `errln!` writes a line to standard error and ignores errors: there is nowhere left to
//! report them.

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};

/// Writes to standard output like `print!`; see the module doc for errors.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!($($arg)*))
    };
}

/// Writes a line to standard output like `println!`; see the module doc for errors.
macro_rules! outln {
    () => {
        $crate::output::stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes a line to standard error like `eprintln!`, without panicking.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) fn stdout(args: Arguments) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_fmt(args).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) => handle(e),
    }
}

fn handle(e: std::io::Error) -> Result<(), String> {
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Err(format!("standard output: {e}"))
}

pub(crate) fn stderr(args: Arguments) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// Prints `value` as pretty JSON when `json`, else the text `render` gives (the `--json`
/// switch of the commands that print a report).
pub(crate) fn json_or_text<T: serde::Serialize>(
    json: bool,
    value: &T,
    render: impl FnOnce() -> String,
) -> Result<(), String> {
    if json {
        outln!("{}", serde_json::to_string_pretty(value).map_err(|e| e.to_string())?)
    } else {
        out!("{}", render())
    }
}

/// `n` and the noun in the right number: "1 round", "3 rounds".
pub(crate) fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}
