//! Reading the files (or standard input) to lint.

use std::io::Read;
use std::path::Path;

/// The name standard input is reported under.
pub const STDIN_NAME: &str = "<stdin>";

/// One input's name, as reported, and its bytes.
#[derive(Debug)]
pub struct Input {
    /// The path as given (`<stdin>` for `-`).
    pub name: String,
    /// The raw contents; decoding is the checker's job, so that a file
    /// that is not UTF-8 is reported with a position like any non-JSON.
    pub bytes: Vec<u8>,
}

/// A file that could not be read.
#[derive(Debug)]
pub struct ReadError {
    /// The path as given.
    pub name: String,
    /// Why.
    pub error: std::io::Error,
}

/// Reads `path`, or standard input for `-`.
pub fn read(path: &Path) -> Result<Input, ReadError> {
    let is_stdin = path.as_os_str() == "-";
    let name = if is_stdin {
        STDIN_NAME.to_owned()
    } else {
        path.to_string_lossy().into_owned()
    };
    let result = if is_stdin {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    match result {
        Ok(bytes) => Ok(Input { name, bytes }),
        Err(error) => Err(ReadError { name, error }),
    }
}
