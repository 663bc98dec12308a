//! Scratch folders for tests that write files (lists of games, graph files, checkpoints, a
//! browser's profile): each is a fresh folder of the system's temporary directory with a name no
//! other run shares, removed with everything in it when the test drops it, also when the test
//! fails, so that running the suite leaves nothing behind.

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A folder of its own for one test, removed when dropped; it reads as its [`Path`].
#[derive(Debug)]
pub struct Scratch(tempfile::TempDir);

impl Scratch {
    /// A new empty folder whose name starts with `onag-{purpose}-`.
    pub fn new(purpose: &str) -> Scratch {
        tempfile::Builder::new()
            .prefix(&format!("onag-{purpose}-"))
            .tempdir()
            .map(Scratch)
            .expect("a temporary folder")
    }

    /// Writes `contents` to the file `name` of this folder and returns its path.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.join(name);
        std::fs::write(&path, contents).expect("a file in the temporary folder");
        path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

#[cfg(test)]
mod tests {
    use super::Scratch;

    #[test]
    fn a_scratch_folder_and_its_files_are_gone_once_dropped() {
        let scratch = Scratch::new("scratch-test");
        let file = scratch.file("b.txt", "text");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "text");
        let other = Scratch::new("scratch-test");
        assert_ne!(&*scratch, &*other, "two folders never share a name");
        let folder = scratch.to_path_buf();
        drop(scratch);
        assert!(!folder.exists() && !file.exists());
        assert!(other.exists());
    }
}
