//! The jsonschema side of the comparisons that need more than one call,
//! shared by `validation.rs` and `profile.rs` so that both measure the
//! same code.

use serde::Serialize;
use serde_json::Value;

/// `{"code", "message", "errors": [{path, schema_path, keyword, message}]}`
/// from jsonschema's errors, built as a careful handler would: the paths
/// borrowed as they are, each message written once, the first five quoted
/// in the summary as ours are.
pub fn error_document(validator: &jsonschema::Validator, input: &Value) -> String {
    #[derive(Serialize)]
    struct Document<'a> {
        code: &'static str,
        message: String,
        errors: Vec<Error<'a>>,
    }
    #[derive(Serialize)]
    struct Error<'a> {
        path: &'a str,
        schema_path: &'a str,
        keyword: &'a str,
        message: String,
    }
    const LISTED: usize = 5;
    let found: Vec<jsonschema::ValidationError<'_>> = validator.iter_errors(input).collect();
    let errors: Vec<Error<'_>> = found
        .iter()
        .map(|error| Error {
            path: error.instance_path().as_str(),
            schema_path: error.schema_path().as_str(),
            keyword: error.kind().keyword(),
            message: error.to_string(),
        })
        .collect();
    let listed: Vec<String> = errors
        .iter()
        .take(LISTED)
        .map(|error| {
            let path = if error.path.is_empty() {
                "(root)"
            } else {
                error.path
            };
            format!("{path}: {}", error.message)
        })
        .collect();
    let rest = errors.len().saturating_sub(LISTED);
    let more = if rest > 0 {
        format!("; and {rest} more (see errors)")
    } else {
        String::new()
    };
    let document = Document {
        code: "INVALID_ARGS",
        message: format!(
            "The arguments do not match the tool's argsSchema: {}{more}",
            listed.join("; ")
        ),
        errors,
    };
    serde_json::to_string(&document).expect("documents serialize")
}
