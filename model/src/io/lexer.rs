//! The CSV lexer of `players.csv` and `rounds.csv`.

use super::text::{numbered_lines, strip_bom};
use crate::InputError;
use std::collections::HashMap;

/// Splits one CSV line. Unquoted fields are trimmed; quoted fields keep their content
/// (`""` stands for `"`).
pub(super) fn split_csv(line: &str) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
            chars.next();
        }
        if chars.peek() == Some(&'"') {
            chars.next();
            let mut field = String::new();
            loop {
                match chars.next() {
                    None => return Err("quoted field is not closed on this line".into()),
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                }
            }
            while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
                chars.next();
            }
            fields.push(field);
            match chars.next() {
                None => return Ok(fields),
                Some(',') => continue,
                Some(c) => return Err(format!("unexpected `{c}` after a closing quote")),
            }
        } else {
            let mut field = String::new();
            loop {
                match chars.next() {
                    None => {
                        fields.push(field.trim().to_string());
                        return Ok(fields);
                    }
                    Some(',') => break,
                    Some('"') => return Err("a quote inside an unquoted field".into()),
                    Some(c) => field.push(c),
                }
            }
            fields.push(field.trim().to_string());
        }
    }
}

pub(super) fn csv_field(s: &str) -> String {
    let needs = s.contains([',', '"', '\r', '\n'])
        || s.starts_with([' ', '\t'])
        || s.ends_with([' ', '\t']);
    if needs { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

/// A CSV file split into header and records, with real line numbers.
pub(super) struct Csv<'a> {
    file: &'a str,
    /// Column name -> index.
    columns: HashMap<String, usize>,
    /// Number of header columns.
    width: usize,
    /// Non-blank lines after the header, split into fields one at a time by [`Csv::record`]
    /// (so a large file never holds all its fields at once).
    pub(super) lines: Vec<(usize, &'a str)>,
}

impl<'a> Csv<'a> {
    pub(super) fn parse(
        file: &'a str,
        text: &'a str,
        required: &[&str],
        optional: &[&str],
    ) -> Result<Csv<'a>, InputError> {
        let text = strip_bom(text);
        let mut lines = numbered_lines(text).into_iter().filter(|(_, l)| !l.trim().is_empty());
        let Some((header_line, header)) = lines.next() else {
            return Err(InputError::new(
                file,
                None,
                Some("header"),
                format!("empty file; expected the header `{}`", required.join(",")),
            ));
        };
        let err = |line: usize, field: Option<&str>, msg: String| {
            InputError::new(file, Some(line), field, msg)
        };
        let names = split_csv(header).map_err(|m| err(header_line, Some("header"), m))?;
        let mut columns = HashMap::new();
        for (i, name) in names.iter().enumerate() {
            if !required.contains(&name.as_str()) && !optional.contains(&name.as_str()) {
                let mut known: Vec<&str> = required.to_vec();
                known.extend_from_slice(optional);
                return Err(err(
                    header_line,
                    Some("header"),
                    format!("unknown column `{name}` (known columns: {})", known.join(", ")),
                ));
            }
            if columns.insert(name.clone(), i).is_some() {
                return Err(err(
                    header_line,
                    Some("header"),
                    format!("column `{name}` appears twice"),
                ));
            }
        }
        for r in required {
            if !columns.contains_key(*r) {
                return Err(err(header_line, Some("header"), format!("missing column `{r}`")));
            }
        }
        Ok(Csv { file, columns, width: names.len(), lines: lines.collect() })
    }

    /// The fields of one data line, checked against the header width.
    pub(super) fn record(&self, n: usize, line: &str) -> Result<Vec<String>, InputError> {
        let fields = split_csv(line).map_err(|m| InputError::new(self.file, Some(n), None, m))?;
        if fields.len() != self.width {
            return Err(InputError::new(
                self.file,
                Some(n),
                None,
                format!("{} fields, but the header has {}", fields.len(), self.width),
            ));
        }
        Ok(fields)
    }

    pub(super) fn get<'r>(&self, rec: &'r [String], col: &str) -> Option<&'r str> {
        self.columns.get(col).map(|&i| rec[i].as_str())
    }
}

pub(super) fn parse_u32(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_csv_quotes_and_trims() {
        assert_eq!(split_csv(" a , \"b, c\" ,\"d\"\"e\",").unwrap(), vec!["a", "b, c", "d\"e", ""]);
        assert!(split_csv("\"open").is_err());
        assert!(split_csv("a\"b").is_err());
    }
}
