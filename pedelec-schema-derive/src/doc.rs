//! Doc comments, joined into a `description` as rustdoc renders them.

use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The doc comment, joined as rustdoc renders it: lines trimmed, the lines
/// of a paragraph joined with a space (a list item keeps its line break),
/// paragraphs separated by a blank line. `None` when there is no text.
pub fn docs(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if let Meta::NameValue(nv) = &attr.meta {
            if let (
                true,
                Expr::Lit(ExprLit {
                    lit: Lit::Str(s), ..
                }),
            ) = (nv.path.is_ident("doc"), &nv.value)
            {
                // `split`, not `lines`: an empty `///` line is `""`, which
                // `lines` drops, and it separates paragraphs.
                lines.extend(s.value().split('\n').map(|line| line.trim().to_owned()));
            }
        }
    }
    join_doc_lines(&lines)
}

fn join_doc_lines(lines: &[String]) -> Option<String> {
    let paragraphs: Vec<String> = lines
        .split(|line| line.is_empty())
        .filter(|paragraph| !paragraph.is_empty())
        .map(|paragraph| {
            let mut text = String::new();
            for line in paragraph {
                if !text.is_empty() {
                    text.push(if starts_list_item(line) { '\n' } else { ' ' });
                }
                text.push_str(line);
            }
            text
        })
        .collect();
    (!paragraphs.is_empty()).then(|| paragraphs.join("\n\n"))
}

/// `- x`, `* x`, `+ x`, `1. x`: Markdown keeps these on their own line.
fn starts_list_item(line: &str) -> bool {
    let bullet = ["- ", "* ", "+ "].iter().any(|b| line.starts_with(b));
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    bullet || (digits > 0 && line[digits..].starts_with(". "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(lines: &[&str]) -> Option<String> {
        let lines: Vec<String> = lines.iter().map(|l| l.trim().to_owned()).collect();
        join_doc_lines(&lines)
    }

    #[test]
    fn lines_of_a_paragraph_join_with_a_space() {
        assert_eq!(
            joined(&[" Moves a shape", " on the canvas."]).as_deref(),
            Some("Moves a shape on the canvas.")
        );
    }

    #[test]
    fn paragraphs_are_separated_by_a_blank_line() {
        assert_eq!(
            joined(&["", " First.", "", "", " Second", " part.", ""]).as_deref(),
            Some("First.\n\nSecond part.")
        );
    }

    #[test]
    fn list_items_keep_their_line() {
        assert_eq!(
            joined(&["Modes:", "- fast", "- safe,", "  really", "1. one"]).as_deref(),
            Some("Modes:\n- fast\n- safe, really\n1. one")
        );
    }

    #[test]
    fn no_text_is_no_description() {
        assert_eq!(joined(&["", "  "]), None);
    }
}
