//! Atomic writes: a temporary file in the same directory, renamed into place.

use crate::InputError;
use std::fs;
use std::path::{Path, PathBuf};

/// The temporary file an atomic write of `path` goes through: `.NAME.tmp-PID` in the same
/// directory, so that the rename stays on one file system.
pub fn temp_path(path: &Path) -> PathBuf {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file =
        path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    dir.join(format!(".{file}.tmp-{}", std::process::id()))
}

/// Writes `text` to `path` through a temporary file in the same directory, then renames it.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), InputError> {
    let shown = path.display().to_string();
    let err = |what: &str, e: std::io::Error| {
        InputError::new(shown.clone(), None, None, format!("{what}: {e}"))
    };
    let tmp = temp_path(path);
    let result = (|| {
        use std::io::Write;
        let mut f = fs::File::create(&tmp).map_err(|e| err("cannot create temporary file", e))?;
        f.write_all(text.as_bytes()).map_err(|e| err("cannot write", e))?;
        f.sync_all().map_err(|e| err("cannot write", e))?;
        fs::rename(&tmp, path).map_err(|e| err("cannot rename temporary file into place", e))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}
