//! `import bsw`: berger-swiss from Python. Each function calls the library functions the
//! `bsw` command calls, with the same semantics:
//!
//! - [`check_trf`]: `bsw check FILE.trf --json` on the text of a TRF file;
//! - [`pair_trf`]: `bsw [--dutch] FILE.trf -p` (the JaVaFo/bbpPairings convention);
//! - [`simulate`]: `bsw simulate --json` with the built-in engine.
//!
//! Unusable input raises `ValueError` with the message of the command (file, line, field);
//! a Dutch round that no pairing can satisfy raises `bsw.NoValidPairing` (a `ValueError`),
//! where the command exits 1. Warnings of a lenient reading become Python warnings
//! (`UserWarning`), where the command prints them on standard error. The work runs without
//! the GIL.

use bsw_checker::{Profile, Source};
use bsw_harness::generator::{AccelerationKind, GenParams, PlayOptions, SystemKind};
use bsw_harness::simulate::CampaignSpec;
use bsw_model::trf::{Imported, ReadOptions};
use bsw_model::{Entry, System};
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use serde_json::Value;

pyo3::create_exception!(
    bsw,
    NoValidPairing,
    PyValueError,
    "No pairing of the next round satisfies the absolute criteria (FIDE Dutch); `bsw FILE.trf -p` exits 1."
);

/// The text of a TRF file: `str`, or `bytes` as read from disk (decoded as `bsw` decodes a
/// file: UTF-8 with or without BOM, else Latin-1).
#[derive(FromPyObject)]
enum Text {
    Str(String),
    Bytes(Vec<u8>),
}

impl Text {
    fn decode(self) -> String {
        match self {
            Text::Str(s) => s,
            Text::Bytes(b) => bsw_model::trf::decode(&b),
        }
    }
}

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Reads a TRF text as `bsw` reads a file named `name`; warnings become Python warnings.
fn read_trf(py: Python<'_>, text: String, name: &str, opts: ReadOptions) -> PyResult<Imported> {
    let name = name.to_string();
    let imported = py
        .detach(move || bsw_model::trf::read(&text, &name, &opts))
        .map_err(|e| value_error(e.to_string()))?;
    warn_all(py, &imported.warnings)?;
    Ok(imported)
}

fn warn_all(py: Python<'_>, warnings: &[String]) -> PyResult<()> {
    for w in warnings {
        let message = std::ffi::CString::new(w.replace('\0', " ")).unwrap_or_default();
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
    }
    Ok(())
}

fn parse_profile(name: &str) -> PyResult<Profile> {
    match name {
        "berger-swiss" => Ok(Profile::BergerSwiss),
        "generic" => Ok(Profile::Generic),
        "dutch" => Ok(Profile::Dutch),
        other => Err(value_error(format!(
            "profile: `{other}` is not a profile; give \"berger-swiss\", \"generic\" or \"dutch\" (or None: the profile bsw check chooses)"
        ))),
    }
}

/// A JSON value as Python objects (objects become dicts, arrays lists).
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for x in items {
                list.append(to_py(py, x)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, x) in map {
                dict.set_item(k, to_py(py, x)?)?;
            }
            dict.into_any()
        }
    })
}

/// Certifies every round of a TRF file: the object `bsw check FILE.trf --json` prints,
/// `{"verdict": "conforming"|"violations", "profile": …, "rounds": [{"round", "violations":
/// [{"rule", "players", "message", "evidence"}]}]}`.
///
/// `profile`: "berger-swiss", "generic" or "dutch"; None chooses as `bsw check` does (dutch
/// for a file that declares the Dutch system, berger-swiss for a file with our BSV records,
/// generic for any other). `lenient`: read a file whose points column disagrees with its
/// results by the results (each mismatch a warning), as `--lenient`. `name`: the file name
/// used in messages. Raises ValueError when the text is not a usable TRF file.
#[pyfunction]
#[pyo3(signature = (text, profile=None, lenient=false, *, name="input.trf"))]
fn check_trf<'py>(
    py: Python<'py>,
    text: Text,
    profile: Option<&str>,
    lenient: bool,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let asked = profile.map(parse_profile).transpose()?;
    let opts = ReadOptions { lenient, ..Default::default() };
    let imported = read_trf(py, text.decode(), name, opts)?;
    let json = py
        .detach(|| {
            let t = &imported.tournament;
            let profile = asked.unwrap_or_else(|| {
                let source = Source::Trf { carries_config: imported.carries_config };
                bsw_checker::default_profile(t, source).0
            });
            let report = bsw_checker::check(t, profile);
            // As `bsw check --json` (cmd_check::json_report): the report and its profile.
            let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
            if let Some(obj) = v.as_object_mut() {
                obj.insert("profile".into(), profile.name().into());
            }
            Ok::<_, String>(v)
        })
        .map_err(value_error)?;
    to_py(py, &json)
}

/// Pairs the next round of a TRF file as `bsw FILE.trf -p` does: a list of `(white, black)`
/// in board order, the pairing-allocated bye as `(player, None)`, in the file's start
/// numbers. Requested absences get no pair (the file already holds them).
///
/// `system`: None pairs by the FIDE (Dutch) system unless the file carries our Berger-Swiss
/// records (BSV) or declares a system itself, as the command does; "dutch" forces the Dutch
/// system (`--dutch`), "berger-swiss" the Berger-Swiss system. Raises ValueError on an
/// unusable file (file, line, field) and NoValidPairing (a ValueError) when no pairing
/// satisfies the absolute criteria.
#[pyfunction]
#[pyo3(signature = (text, system=None, *, lenient=false, name="input.trf"))]
fn pair_trf(
    py: Python<'_>,
    text: Text,
    system: Option<&str>,
    lenient: bool,
    name: &str,
) -> PyResult<Vec<(u32, Option<u32>)>> {
    let force = match system {
        None => None,
        Some("dutch") => Some(true),
        Some("berger-swiss") => Some(false),
        Some(other) => {
            return Err(value_error(format!(
                "system: `{other}` is not a system; give \"dutch\", \"berger-swiss\" or None (as the file says)"
            )));
        }
    };
    let opts = ReadOptions { pairing_convention: true, lenient };
    let imported = read_trf(py, text.decode(), name, opts)?;
    let name = name.to_string();
    let paired = py.detach(move || {
        let mut t = imported.tournament;
        // As engine_mode::pair_trf: any TRF is paired by the Dutch system, our own
        // Berger-Swiss exports (BSV records) keep their system unless asked otherwise.
        let dutch = match force {
            Some(forced) => forced,
            None => t.config.system.dutch().is_some() || !imported.carries_config,
        };
        if !dutch {
            t.config.system = System::BergerSwiss;
        } else if t.config.system.dutch().is_none() {
            t.config.system = System::Dutch(Default::default());
        }
        match bsw_engine::pair(&t) {
            Ok(round) if imported.start_numbers.is_empty() => Ok(round.rows),
            // A file with `BSI` was read back with its directory ids: answer in its start
            // numbers.
            Ok(round) => Ok(bsw_harness::external::protocol::renumber_rows(
                &round.rows,
                &imported.start_numbers,
            )),
            Err(e) if e.no_valid_pairing().is_some() => {
                Err(NoValidPairing::new_err(format!("{name}: {e}")))
            }
            Err(e) => Err(value_error(format!("{name}: {e}"))),
        }
    })?;
    Ok(paired
        .iter()
        .filter_map(|row| match row.entry {
            Entry::Game { white, black, .. } => Some((white, Some(black))),
            Entry::Bye(p) => Some((p, None)),
            Entry::HalfBye(_) | Entry::ZeroBye(_) | Entry::FullBye(_) => None,
        })
        .collect())
}

/// Simulates `tournaments` random tournaments of campaign `seed` as `bsw simulate --seed SEED
/// --tournaments N [--system dutch] --json` does: every round paired by the built-in engine
/// and certified by the checker, in parallel on `jobs` threads (0: one per core). Returns
/// the JSON summary as a dict (`passed()` in the command: `failing_tournaments == 0`).
///
/// `system`: "berger-swiss" (the default) or "dutch". `acceleration`: `None` (the default) or
/// "baku" (`--acceleration baku`, FIDE C.04.5.1; Dutch only). `late_entry_rate`: the
/// probability that a player enters late (`--late-entry-rate`, FIDE C.04.2; Dutch only).
/// Raises ValueError on a seed outside 0..2^63-1, a tournament count of 0, an unknown
/// acceleration, or an option the command refuses (with its message).
#[pyfunction]
#[pyo3(signature = (tournaments, seed, system="berger-swiss", *, jobs=0, acceleration=None, late_entry_rate=0.0))]
fn simulate<'py>(
    py: Python<'py>,
    tournaments: u64,
    seed: u64,
    system: &str,
    jobs: usize,
    acceleration: Option<&str>,
    late_entry_rate: f64,
) -> PyResult<Bound<'py, PyAny>> {
    if tournaments == 0 {
        return Err(value_error("0 tournaments would run nothing; give a number of at least 1"));
    }
    if seed > bsw_harness::rng::MAX_SEED {
        return Err(value_error(format!(
            "a seed is an integer from 0 to 2^63-1 = {}",
            bsw_harness::rng::MAX_SEED
        )));
    }
    let system = match system {
        "berger-swiss" => SystemKind::BergerSwiss,
        "dutch" => SystemKind::Dutch,
        other => {
            return Err(value_error(format!(
                "system: `{other}` is not a system; give \"berger-swiss\" or \"dutch\""
            )));
        }
    };
    let acceleration = match acceleration {
        None => AccelerationKind::None,
        Some("baku") => AccelerationKind::Baku,
        Some(other) => {
            return Err(value_error(format!(
                "acceleration: `{other}` is not an acceleration; give \"baku\" or None"
            )));
        }
    };
    let params = GenParams { system, acceleration, late_entry_rate, ..GenParams::default() };
    // The command's refusals, with its messages (rates, acceleration or late entries outside
    // a Dutch event).
    params.validate().map_err(value_error)?;
    let spec =
        CampaignSpec { seed, tournaments, shard: None, params, play: PlayOptions::default(), jobs };
    let json = py
        .detach(|| {
            let summary = bsw_harness::simulate::simulate(&spec, &|| {})?;
            serde_json::to_value(&summary).map_err(|e| e.to_string())
        })
        .map_err(value_error)?;
    to_py(py, &json)
}

#[pymodule]
fn bsw(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_trf, m)?)?;
    m.add_function(wrap_pyfunction!(pair_trf, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add("NoValidPairing", m.py().get_type::<NoValidPairing>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
