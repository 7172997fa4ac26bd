//! Running an engine command: argument template, time limit, process-group kill.
//!
//! The command is split into arguments as a POSIX shell would (quotes, backslashes) but run
//! without a shell; `{trf}` and `{out}` are replaced inside each argument by the paths of the
//! input and output files. Without `{out}` the output is read from the engine's standard
//! output. The engine starts in a process group of its own; when the time limit passes, the
//! whole group is killed (SIGKILL), so that a wrapper script and everything it started stop.
//! Standard output and error go to files in the call's work directory (no pipe to drain, so
//! an engine that writes a lot cannot block on a full pipe).

use std::fs::File;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A command template such as `bsw pair {trf} -p {out}`, split into arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// As the user wrote it (for reports and reproduction commands).
    pub text: String,
    pub args: Vec<String>,
}

impl Template {
    /// Splits `text` as a shell would. A command with neither `{trf}` nor `{out}` is called
    /// by the JaVaFo/bbpPairings convention: ` {trf} -p {out}` is appended
    /// (`bbpPairings.exe --dutch` runs `bbpPairings.exe --dutch IN.trf -p OUT`). Refuses an
    /// empty command, unbalanced quotes, and a template with `{out}` but without `{trf}` (the
    /// engine would not know what to pair).
    pub fn parse(text: &str) -> Result<Template, String> {
        let mut args = shlex::split(text).ok_or_else(|| {
            format!("--engine: `{text}`: unbalanced quotes or a trailing backslash")
        })?;
        if args.is_empty() {
            return Err("--engine: the command is empty".into());
        }
        if !args.iter().any(|a| a.contains("{trf}") || a.contains("{out}")) {
            args.extend(["{trf}", "-p", "{out}"].map(String::from));
        }
        if !args.iter().any(|a| a.contains("{trf}")) {
            return Err(format!(
                "--engine: `{text}` has no {{trf}} (where the input file goes), e.g. --engine 'myengine --dutch {{trf}} -p {{out}}'"
            ));
        }
        Ok(Template { text: text.to_string(), args })
    }

    /// Whether the output goes to a file (`{out}`) rather than standard output.
    pub fn has_out(&self) -> bool {
        self.args.iter().any(|a| a.contains("{out}"))
    }

    /// The arguments with `{trf}` and `{out}` replaced.
    pub fn argv(&self, trf: &Path, out: &Path) -> Vec<String> {
        let (t, o) = (trf.to_string_lossy(), out.to_string_lossy());
        self.args.iter().map(|a| a.replace("{trf}", &t).replace("{out}", &o)).collect()
    }

    /// Checks that the program exists (a path, or a name found on PATH).
    pub fn check_program(&self) -> Result<(), String> {
        let prog = &self.args[0];
        let found = if prog.contains('/') {
            Path::new(prog).is_file()
        } else {
            std::env::var_os("PATH")
                .map(|paths| std::env::split_paths(&paths).any(|d| d.join(prog).is_file()))
                .unwrap_or(false)
        };
        if found {
            Ok(())
        } else {
            Err(format!("--engine: program `{prog}` not found (give a path, or put it on PATH)"))
        }
    }
}

/// How the engine ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Exited(i32),
    /// Killed by this signal (not by us).
    Signalled(i32),
    /// Still running at the time limit: its process group was killed.
    TimedOut,
}

/// One call of the engine.
#[derive(Clone, Debug)]
pub struct Call {
    /// The arguments run (placeholders replaced).
    pub argv: Vec<String>,
    pub status: Status,
    /// The output: the `{out}` file (`None` when the engine did not write it), or standard
    /// output without `{out}`.
    pub output: Option<String>,
    pub stdout: String,
    pub stderr: String,
    /// Wall time from spawn to exit.
    pub wall: Duration,
}

/// Files of one engine call, reused from call to call (one per tournament being played).
pub struct Workdir {
    dir: tempfile::TempDir,
}

impl Workdir {
    pub fn new() -> std::io::Result<Workdir> {
        Ok(Workdir { dir: tempfile::Builder::new().prefix("bsw-engine-").tempdir()? })
    }

    pub fn trf(&self) -> PathBuf {
        self.dir.path().join("input.trf")
    }

    pub fn out(&self) -> PathBuf {
        self.dir.path().join("output.txt")
    }

    /// Writes `input` to the TRF file and runs the engine on it with time limit `limit`.
    pub fn run(&self, tpl: &Template, input: &str, limit: Duration) -> std::io::Result<Call> {
        let (trf, out) = (self.trf(), self.out());
        std::fs::write(&trf, input)?;
        match std::fs::remove_file(&out) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let so = self.dir.path().join("stdout.txt");
        let se = self.dir.path().join("stderr.txt");
        let argv = tpl.argv(&trf, &out);
        let start = Instant::now();
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::null())
            .stdout(File::create(&so)?)
            .stderr(File::create(&se)?)
            .process_group(0)
            .spawn()?;
        let pgid = nix::unistd::Pid::from_raw(child.id() as i32);
        let (done, wait) = mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                let _ = nix::sys::signal::killpg(pgid, nix::sys::signal::Signal::SIGKILL);
                true
            } else {
                false
            }
        });
        let status = child.wait();
        let _ = done.send(());
        let timed_out = watchdog.join().unwrap_or(false);
        let status = status?;
        let wall = start.elapsed();
        let status = if timed_out {
            Status::TimedOut
        } else if let Some(sig) = status.signal() {
            Status::Signalled(sig)
        } else {
            Status::Exited(status.code().unwrap_or(-1))
        };
        let read = |p: &Path| std::fs::read(p).ok().map(|b| bsw_model::trf::decode(&b));
        let stdout = read(&so).unwrap_or_default();
        let output = if tpl.has_out() { read(&out) } else { Some(stdout.clone()) };
        Ok(Call { argv, status, output, stdout, stderr: read(&se).unwrap_or_default(), wall })
    }
}

/// A command line people can paste into a shell.
pub fn shell_line(argv: &[String]) -> String {
    shlex::try_join(argv.iter().map(String::as_str)).unwrap_or_else(|_| argv.join(" "))
}
