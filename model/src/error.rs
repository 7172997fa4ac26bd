//! Input errors: one clear message naming file, line and field.

use std::fmt;

/// Why an input was refused. Displayed as `FILE:LINE: field: what is wrong`
/// (line and field are left out when they do not apply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub file: String,
    /// 1-based line, when the problem sits on one line.
    pub line: Option<usize>,
    /// The field (column, key or record) at fault, when there is one.
    pub field: Option<String>,
    pub message: String,
}

impl InputError {
    pub fn new(
        file: impl Into<String>,
        line: Option<usize>,
        field: Option<&str>,
        message: impl Into<String>,
    ) -> Self {
        InputError {
            file: file.into(),
            line,
            field: field.map(str::to_string),
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        write!(f, ": ")?;
        if let Some(field) = &self.field {
            write!(f, "{field}: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for InputError {}
