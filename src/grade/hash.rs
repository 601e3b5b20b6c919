//! SHA-256 of what was graded: each built program (checked before every
//! run), each student file, and the grader's own course (in the report).

use sha2::{Digest, Sha256};
use std::fs;
use std::io::Read;
use std::path::Path;

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

pub fn sha256_file(path: &Path) -> std::io::Result<String> {
    let mut file = fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hex(&hasher.finalize()))
}

/// One hash for a file or a folder (every file inside, by relative path
/// and content; symbolic links by their target). Missing: `None`.
pub fn sha256_tree(path: &Path) -> Option<String> {
    let meta = fs::symlink_metadata(path).ok()?;
    let mut hasher = Sha256::new();
    add(&mut hasher, path, Path::new(""), &meta);
    Some(hex(&hasher.finalize()))
}

fn add(hasher: &mut Sha256, path: &Path, relative: &Path, meta: &fs::Metadata) {
    let name = relative.to_string_lossy();
    if meta.file_type().is_symlink() {
        let target = fs::read_link(path).unwrap_or_default();
        hasher.update(format!("L {name} {}\n", target.display()));
    } else if meta.is_dir() {
        hasher.update(format!("D {name}\n"));
        let mut entries: Vec<_> = fs::read_dir(path)
            .map(|r| r.filter_map(Result::ok).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        entries.sort();
        for entry in entries {
            let child = path.join(&entry);
            if let Ok(meta) = fs::symlink_metadata(&child) {
                add(hasher, &child, &relative.join(&entry), &meta);
            }
        }
    } else {
        let digest = sha256_file(path).unwrap_or_else(|e| format!("unreadable: {e}"));
        hasher.update(format!("F {name} {digest}\n"));
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_digest() {
        assert_eq!(
            super::sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
