//! Text helpers shared by the readers: decoding bytes (UTF-8 or Latin-1, BOM dropped) and
//! line numbering (CR, LF and CRLF all end a line).

pub(crate) fn strip_bom(s: &str) -> &str {
    s.strip_prefix('\u{feff}').unwrap_or(s)
}

/// Lines with their 1-based numbers; CRLF, LF and bare CR all end a line.
pub(crate) fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let (mut start, mut i, mut n) = (0, 0, 1);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push((n, &text[start..i]));
                n += 1;
                i += 1;
                start = i;
            }
            b'\r' => {
                out.push((n, &text[start..i]));
                n += 1;
                i += if bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        out.push((n, &text[start..]));
    }
    out
}

/// 1-based line of a byte offset (CRLF, LF and bare CR end lines).
pub(crate) fn line_of_offset(text: &str, offset: usize) -> usize {
    let bytes = &text.as_bytes()[..offset.min(text.len())];
    let mut line = 1;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
        }
    }
    line
}

/// Bytes of a file as text: UTF-8 (a byte-order mark is dropped), or Latin-1 (ISO 8859-1)
/// when the bytes are not valid UTF-8. Every byte sequence decodes, so reading never refuses
/// a file for its encoding; a Windows-1252 file reads as Latin-1 except for its few
/// 0x80-0x9F punctuation characters.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_lines_handles_all_endings() {
        let l = numbered_lines("a\r\nb\rc\nd");
        assert_eq!(l, vec![(1, "a"), (2, "b"), (3, "c"), (4, "d")]);
        assert_eq!(numbered_lines("a\n"), vec![(1, "a")]);
    }

    #[test]
    fn line_of_offset_counts_crlf_once() {
        assert_eq!(line_of_offset("a\r\nb\r\nc", 6), 3);
        assert_eq!(line_of_offset("a\rb", 2), 2);
    }

    #[test]
    fn decode_reads_utf8_with_bom_and_latin1() {
        assert_eq!(decode(b"\xEF\xBB\xBFid"), "id");
        assert_eq!(decode("Ærø".as_bytes()), "Ærø");
        assert_eq!(decode(b"M\xFCller"), "Müller");
    }
}
