//! The ABI surface, pinned: the hook table, the query table and the abi_stable
//! layout of every type a plugin library exports or receives, compared with the
//! committed list `plugins/abi/surface.txt`.
//!
//! A library built against another surface must never load as if it were of
//! this one, so every change of the surface is a deliberate step: update the
//! list (`CARCASSONNE_UPDATE_ABI_SURFACE=1 cargo test -p carcassonne-plugin-abi
//! --test surface`), and bump `ABI_EPOCH` if a release shipped the old surface
//! (ARCHITECTURE.md, "Stability policy").
#![cfg(target_pointer_width = "64")] // sizes in the list are those of 64-bit targets

use abi_stable::type_layout::{TLData, TLFields, TypeLayout};
use abi_stable::StableAbi;
use carcassonne_plugin_abi::{HostRef, PluginLib_Ref, PluginManifest, ABI_EPOCH, ABI_VERSION};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Text with its spacing normalised: one space between two words, none
/// elsewhere (`stringify!`'s and abi_stable's spacing are not part of the
/// surface).
fn tokens(s: &str) -> String {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && out.chars().next_back().is_some_and(word) && word(c) {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

macro_rules! hooks_surface {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } [$(narrowed by $who:ident :
        $(#[doc = $ndoc:literal])* $nbit:ident $variant:ident ( $($narg:ident : $nty:ty),* )
    )*] )*) => {
        fn hooks() -> Vec<String> {
            vec![$({
                let args: Vec<String> = vec![$(
                    format!("{}: {} {}", stringify!($arg), stringify!($kind), tokens(stringify!($($aty)*)))
                ),*];
                let narrowing: Vec<String> = vec![$(
                    format!(
                        " narrowed by {}: {} = {:#x}",
                        stringify!($who),
                        stringify!($nbit),
                        carcassonne_plugin_abi::narrow::$nbit
                    )
                ),*];
                let narrowing = narrowing.concat();
                format!("{} {} ({}) [{}]{narrowing}", stringify!($name), stringify!($bit), stringify!($ctx), args.join(", "))
            }),*]
        }
    };
}
carcassonne_vocab::hook_table!(hooks_surface);

macro_rules! queries_surface {
    ($(
        $(#[doc = $doc:literal])*
        $access:ident $mode:ident $name:ident ( $($arg:ident : ($($cty:tt)*) => ($($aty:tt)*)),* )
            -> ($($cret:tt)*) => ($($aret:tt)*);
    )*) => {
        fn queries() -> Vec<String> {
            vec![$({
                let args: Vec<String> = vec![$(
                    format!("{}: {}", stringify!($arg), tokens(stringify!($($aty)*)))
                ),*];
                format!(
                    "{} {} {}({}) -> {}",
                    stringify!($access), stringify!($mode), stringify!($name),
                    args.join(", "), tokens(stringify!($($aret)*))
                )
            }),*]
        }
    };
}
carcassonne_plugin_abi::query_table!(queries_surface);

fn fields(out: &mut String, fields: TLFields) {
    for f in fields.iter() {
        let _ = write!(
            out,
            "\n    {}: {}",
            f.name(),
            tokens(&f.full_type().to_string())
        );
        for func in f.function_range().iter() {
            let _ = write!(out, " = {}", tokens(&func.to_string()));
        }
    }
}

/// One entry per type: name, size, alignment, representation and contents
/// (fields with their types, function pointers with their signatures, enum
/// variants). Source lines and module paths are left out: moving code is no
/// change of the surface.
fn describe(l: &TypeLayout) -> String {
    let mut s = format!(
        "{} (size {}, align {}, {:?})",
        tokens(&l.full_type().to_string()),
        l.size(),
        l.alignment(),
        l.repr_attr()
    );
    match l.data() {
        TLData::Primitive(p) => {
            let _ = write!(s, " primitive {p:?}");
        }
        TLData::Opaque => s.push_str(" opaque"),
        TLData::Struct { fields: f } => {
            s.push_str(" struct");
            fields(&mut s, f);
        }
        TLData::Union { fields: f } => {
            s.push_str(" union");
            fields(&mut s, f);
        }
        TLData::Enum(e) => {
            let names: Vec<&str> = e.variant_names_iter().collect();
            let _ = write!(
                s,
                " enum [{}] field counts {:?} discriminants {:?}",
                names.join(", "),
                e.field_count,
                e.discriminants
            );
            fields(&mut s, e.fields);
        }
        TLData::PrefixType(p) => {
            let _ = write!(
                s,
                " prefix type, suffix from field {}",
                p.first_suffix_field
            );
            fields(&mut s, p.fields);
        }
    }
    s
}

/// Every type layout reachable from `root`.
fn walk(
    root: &'static TypeLayout,
    seen: &mut BTreeSet<String>,
    stack: &mut Vec<&'static TypeLayout>,
) {
    stack.push(root);
    let mut visited = std::collections::HashSet::new();
    while let Some(l) = stack.pop() {
        if !visited.insert(l.get_utypeid()) {
            continue;
        }
        seen.insert(describe(l));
        for nested in l.shared_vars().type_layouts() {
            stack.push(nested());
        }
    }
}

fn surface() -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# The ABI surface of epoch {ABI_EPOCH} (root module version {ABI_VERSION})."
    );
    let _ = writeln!(
        s,
        "# Generated by plugins/abi/tests/surface.rs: do not edit by hand."
    );
    let _ = writeln!(
        s,
        "# pre-flight manifest: size {}, align {}",
        std::mem::size_of::<PluginManifest>(),
        std::mem::align_of::<PluginManifest>()
    );
    s.push_str("\n## hooks (pipeline order: name bit (context) [argument: kind ABI type])\n");
    for h in hooks() {
        let _ = writeln!(s, "{h}");
    }
    s.push_str("\n## queries (access mode name(argument: ABI type) -> ABI type)\n");
    for q in queries() {
        let _ = writeln!(s, "{q}");
    }
    s.push_str("\n## type layouts (everything reachable from the root module)\n");
    let mut seen = BTreeSet::new();
    let mut stack = Vec::new();
    walk(<PluginLib_Ref as StableAbi>::LAYOUT, &mut seen, &mut stack);
    walk(
        <HostRef<'static> as StableAbi>::LAYOUT,
        &mut seen,
        &mut stack,
    );
    for t in seen {
        let _ = writeln!(s, "{t}");
    }
    s
}

#[test]
fn the_abi_surface_matches_the_committed_list() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("surface.txt");
    let now = surface();
    if std::env::var_os("CARCASSONNE_UPDATE_ABI_SURFACE").is_some() {
        std::fs::write(&path, &now).expect("write surface.txt");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed == now {
        return;
    }
    let old: BTreeSet<&str> = committed.lines().collect();
    let new: BTreeSet<&str> = now.lines().collect();
    let mut diff = String::new();
    for l in old.difference(&new) {
        let _ = writeln!(diff, "- {l}");
    }
    for l in new.difference(&old) {
        let _ = writeln!(diff, "+ {l}");
    }
    panic!(
        "the ABI surface changed: update the list (CARCASSONNE_UPDATE_ABI_SURFACE=1 cargo test \
         -p carcassonne-plugin-abi --test surface), and bump ABI_EPOCH if a release shipped the \
         old one (ARCHITECTURE.md, \"Stability policy\"). Lines of {} that differ:\n{diff}",
        path.display()
    );
}

#[test]
fn the_fingerprint_is_the_committed_lists_and_follows_every_change() {
    use carcassonne_plugin_abi::{surface_fingerprint, SURFACE_FINGERPRINT};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("surface.txt");
    let committed = std::fs::read_to_string(&path).expect("read surface.txt");
    assert_eq!(surface_fingerprint(&committed), SURFACE_FINGERPRINT);
    // Line endings of the checkout do not matter.
    assert_eq!(
        surface_fingerprint(&committed.replace('\n', "\r\n")),
        SURFACE_FINGERPRINT
    );
    // A renumbered narrowing bit (a plain `u64` no layout check sees) is
    // another surface: a library built before it is refused by the host.
    let renumbered = committed.replacen("DRAWS_STEADY = 0x1", "DRAWS_STEADY = 0x2", 1);
    assert_ne!(renumbered, committed, "the list names DRAWS_STEADY's bit");
    assert_ne!(surface_fingerprint(&renumbered), SURFACE_FINGERPRINT);
}
