//! Checking a plugin library file before the system loader maps it: a
//! truncated or damaged ELF file (the first 4,096 bytes of a library, say)
//! would be mapped past its end, and the first touch of a missing page ends
//! the process with a bus error. So the file must be a regular file whose ELF
//! header, program headers (segments) and section headers all lie within it,
//! and every segment and section its headers describe too. Read with plain
//! file reads, nothing mapped.
//!
//! On platforms whose libraries are not ELF (macOS, Windows) only the size is
//! checked.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Why a library file was refused.
pub type Refusal = String;

/// Checks the library file at `path` (see the module documentation).
pub fn check(path: &Path) -> Result<(), Refusal> {
    let mut f = File::open(path).map_err(|e| format!("cannot read the library: {e}"))?;
    let meta = f
        .metadata()
        .map_err(|e| format!("cannot read the library: {e}"))?;
    if !meta.is_file() {
        return Err("cannot load the library: not a regular file".into());
    }
    let size = meta.len();
    if size == 0 {
        return Err("cannot load the library: the file is empty".into());
    }
    if cfg!(any(target_os = "macos", target_os = "ios", windows)) {
        return Ok(());
    }
    check_elf(&mut f, size)
}

/// The ELF file's layout: how to read its numbers and where its tables are.
struct Elf {
    wide: bool,
    big: bool,
}

impl Elf {
    fn u16(&self, b: &[u8], at: usize) -> u64 {
        let x = [b[at], b[at + 1]];
        u64::from(if self.big {
            u16::from_be_bytes(x)
        } else {
            u16::from_le_bytes(x)
        })
    }

    fn u32(&self, b: &[u8], at: usize) -> u64 {
        let x = [b[at], b[at + 1], b[at + 2], b[at + 3]];
        u64::from(if self.big {
            u32::from_be_bytes(x)
        } else {
            u32::from_le_bytes(x)
        })
    }

    fn u64(&self, b: &[u8], at: usize) -> u64 {
        let mut x = [0u8; 8];
        x.copy_from_slice(&b[at..at + 8]);
        if self.big {
            u64::from_be_bytes(x)
        } else {
            u64::from_le_bytes(x)
        }
    }

    /// An address-sized field (4 or 8 bytes).
    fn word(&self, b: &[u8], at: usize) -> u64 {
        if self.wide {
            self.u64(b, at)
        } else {
            self.u32(b, at)
        }
    }
}

/// Reads `len` bytes at `at`.
fn read_at(f: &mut File, at: u64, len: usize) -> Result<Vec<u8>, Refusal> {
    let mut b = vec![0; len];
    f.seek(SeekFrom::Start(at))
        .and_then(|_| f.read_exact(&mut b))
        .map_err(|e| format!("cannot read the library: {e}"))?;
    Ok(b)
}

fn truncated(what: &str, end: u64, size: u64) -> Refusal {
    format!(
        "cannot load the library: it is truncated or damaged (its {what} ends at byte {end}, the file has {size} bytes)"
    )
}

/// `start + len`, or the refusal naming `what` if that overflows or passes `size`.
fn within(what: &str, start: u64, len: u64, size: u64) -> Result<(), Refusal> {
    match start.checked_add(len) {
        Some(end) if end <= size => Ok(()),
        Some(end) => Err(truncated(what, end, size)),
        None => Err(truncated(what, u64::MAX, size)),
    }
}

fn check_elf(f: &mut File, size: u64) -> Result<(), Refusal> {
    const SHT_NOBITS: u64 = 8;
    let ident = read_at(f, 0, 16.min(size as usize))?;
    if ident.len() < 16 || &ident[..4] != b"\x7fELF" {
        return Err(
            "cannot load the library (not a shared library for this platform?): no ELF header"
                .into(),
        );
    }
    let elf = Elf {
        wide: match ident[4] {
            1 => false,
            2 => true,
            c => {
                return Err(format!(
                    "cannot load the library: it is damaged (ELF class {c})"
                ))
            }
        },
        big: ident[5] == 2,
    };
    let header_len: u64 = if elf.wide { 64 } else { 52 };
    within("ELF header", 0, header_len, size)?;
    let h = read_at(f, 0, header_len as usize)?;
    let (phoff, shoff, rest) = if elf.wide {
        (elf.u64(&h, 32), elf.u64(&h, 40), 48)
    } else {
        (elf.u32(&h, 28), elf.u32(&h, 32), 36)
    };
    let phentsize = elf.u16(&h, rest + 6);
    let phnum = elf.u16(&h, rest + 8);
    let shentsize = elf.u16(&h, rest + 10);
    let shnum = elf.u16(&h, rest + 12);
    // Program headers: every segment's bytes in the file.
    let (min_ph, min_sh) = if elf.wide { (56, 64) } else { (32, 40) };
    if phnum > 0 {
        if phentsize < min_ph {
            return Err(format!(
                "cannot load the library: it is damaged (program headers of {phentsize} bytes)"
            ));
        }
        within("program header table", phoff, phentsize * phnum, size)?;
        let t = read_at(f, phoff, (phentsize * phnum) as usize)?;
        for i in 0..phnum as usize {
            let e = &t[i * phentsize as usize..];
            let (offset, filesz) = if elf.wide {
                (elf.u64(e, 8), elf.u64(e, 32))
            } else {
                (elf.u32(e, 4), elf.u32(e, 16))
            };
            within(&format!("segment {i}"), offset, filesz, size)?;
        }
    }
    // Section headers: every section that has bytes in the file.
    if shnum > 0 {
        if shentsize < min_sh {
            return Err(format!(
                "cannot load the library: it is damaged (section headers of {shentsize} bytes)"
            ));
        }
        within("section header table", shoff, shentsize * shnum, size)?;
        let t = read_at(f, shoff, (shentsize * shnum) as usize)?;
        for i in 0..shnum as usize {
            let e = &t[i * shentsize as usize..];
            let kind = elf.u32(e, 4);
            let (offset, len) = if elf.wide {
                (elf.word(e, 24), elf.word(e, 32))
            } else {
                (elf.word(e, 16), elf.word(e, 20))
            };
            if kind != SHT_NOBITS {
                within(&format!("section {i}"), offset, len, size)?;
            }
        }
    }
    Ok(())
}
