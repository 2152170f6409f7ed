//! The canonical order of figure-step options ([`option_key`]) and the
//! figure step's ways to restore it: a sort that allocates nothing for a
//! usual list, and a rotation for a run of options appended out of place.

use super::*;

/// Moves the options `out[from..]` (appended to the list `out[..from]`, in
/// canonical order without repeats) into place when they are in order and
/// fit between two neighbours of the list (usually one plugin's options,
/// all before or after another's): a rotation instead of a sort. Whether
/// the list is in order now; `false` leaves it as it is, for the sort.
pub(super) fn place_run(out: &mut [FigureOption], from: usize) -> bool {
    let (list, run) = out.split_at(from);
    if !run.windows(2).all(|w| w[0] < w[1]) {
        return false;
    }
    let (Some(&first), Some(before)) = (run.first(), list.last()) else {
        return true;
    };
    if *before < first {
        return true;
    }
    let at = list.partition_point(|o| *o < first);
    match (list.get(at), run.last()) {
        (Some(next), Some(last)) if last < next => {
            let n = run.len();
            out[at..].rotate_right(n);
            true
        }
        _ => false,
    }
}

/// Sorts figure options in their canonical order and drops repeats: the
/// same list as `sort` and `dedup`, by sorting integers (each option's
/// [`option_key`] with its index in the low 16 bits: all different, so an
/// unstable sort gives the stable order), not nested enums. A usual list
/// (at most [`SMALL_SORT`] options) is sorted on the stack, with no
/// allocation; a longer one (a magic portal's) in `Vec`s.
pub(super) fn sort_options(out: &mut Vec<FigureOption>) {
    if out.len() <= SMALL_SORT {
        let mut keys = [0u64; SMALL_SORT];
        let mut old = [FigureOption::Pass; SMALL_SORT];
        let n = out.len();
        for ((k, o), (i, &opt)) in keys
            .iter_mut()
            .zip(old.iter_mut())
            .zip((0u64..).zip(out.iter()))
        {
            *k = option_key(opt) << 16 | i;
            *o = opt;
        }
        let keys = &mut keys[..n];
        keys.sort_unstable();
        out.clear();
        push_sorted(keys, &old[..n], out);
        return;
    }
    sort_options_long(out);
}

/// The most options [`sort_options`] sorts on the stack.
const SMALL_SORT: usize = 32;

/// [`sort_options`] for a long list. Out of line: only a magic portal's
/// figure steps (or a huge board's) come here.
#[cold]
#[inline(never)]
fn sort_options_long(out: &mut Vec<FigureOption>) {
    if out.len() > usize::from(u16::MAX) {
        out.sort();
        out.dedup();
        return;
    }
    let mut keys: Vec<u64> = (0u64..)
        .zip(out.iter())
        .map(|(i, &o)| option_key(o) << 16 | i)
        .collect();
    // The stable sort merges the sorted runs the plugins append (few).
    keys.sort();
    let old = std::mem::take(out);
    out.reserve(old.len());
    push_sorted(&keys, &old, out);
}

/// Pushes `old[i]` for the index `i` in the low 16 bits of each of the
/// sorted `keys` onto `out`, each option once.
#[inline(always)]
fn push_sorted(keys: &[u64], old: &[FigureOption], out: &mut Vec<FigureOption>) {
    let mut last = None;
    for &k in keys {
        if last != Some(k >> 16) {
            last = Some(k >> 16);
            if let Some(&o) = old.get((k & 0xFFFF) as usize) {
                out.push(o);
            }
        }
    }
}

/// An integer of 48 bits that orders figure options as their derived `Ord`
/// does (the canonical order: `Pass`, deployments by kind then location,
/// specials by plugin then code), equal only for equal options.
#[inline]
pub(super) fn option_key(o: FigureOption) -> u64 {
    match o {
        FigureOption::Pass => 0,
        FigureOption::Deploy { kind, at } => {
            // Location: its variant, then its fields (at most 24 bits).
            let (variant, fields) = match at {
                Location::Feature(f) => (0, u64::from(f.0) << 8),
                Location::Corner(f, c) => (1, u64::from(f.0) << 8 | c as u64),
                Location::Tile(t) => (2, u64::from(t.0) << 8),
                Location::Held(p) => (3, u64::from(p.seat())),
                Location::Area(a) => (4, u64::from(u32::from(a))),
            };
            1 << 46 | u64::from(kind.0) << 32 | variant << 24 | fields
        }
        FigureOption::Special { plugin, code } => {
            2 << 46 | u64::from(plugin) << 32 | u64::from(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key orders options as their derived `Ord` does, and tells
    /// different options apart.
    #[test]
    fn option_key_orders_as_the_options_do() {
        let mut opts = vec![FigureOption::Pass];
        for kind in [0, 1, 7] {
            let kind = FigureKindId(kind);
            for at in [
                Location::Feature(FeatureId(0)),
                Location::Feature(FeatureId(300)),
                Location::Corner(FeatureId(2), Corner::NW),
                Location::Corner(FeatureId(2), Corner::SW),
                Location::Corner(FeatureId(9), Corner::NE),
                Location::Tile(TileIndex(0)),
                Location::Tile(TileIndex(65535)),
                Location::Held(PlayerId::new(1).unwrap()),
                Location::Held(PlayerId::new(5).unwrap()),
                Location::Area(AreaId(0)),
                Location::Area(AreaId(255)),
            ] {
                opts.push(FigureOption::Deploy { kind, at });
            }
        }
        for (plugin, code) in [(0, 0), (0, u32::MAX), (3, 7), (255, 1)] {
            opts.push(FigureOption::Special { plugin, code });
        }
        for a in &opts {
            for b in &opts {
                assert_eq!(option_key(*a).cmp(&option_key(*b)), a.cmp(b), "{a:?} {b:?}");
            }
        }
        assert!(opts.iter().all(|&o| option_key(o) < 1 << 48));
        // Shuffled, with repeats: the same list as `sort` and `dedup`.
        let mut mixed: Vec<FigureOption> = opts.iter().rev().chain(&opts).copied().collect();
        mixed.rotate_left(7);
        sort_options(&mut mixed);
        assert_eq!(mixed, opts);
        // A usual list, sorted on the stack.
        let few = &opts[..SMALL_SORT / 2];
        let mut mixed: Vec<FigureOption> = few.iter().rev().chain(few).copied().collect();
        mixed.rotate_left(5);
        assert!(mixed.len() <= SMALL_SORT);
        sort_options(&mut mixed);
        assert_eq!(mixed, few);
    }

    /// A run appended to a list in order is moved into place exactly when
    /// it fits in one gap; whenever `place_run` says the list is in order,
    /// it is the sorted list.
    #[test]
    fn place_run_places_what_fits_in_one_gap() {
        let opts: Vec<FigureOption> = (0..12)
            .map(|code| FigureOption::Special { plugin: 1, code })
            .collect();
        // Every split of `opts` into a list (by a bit mask) and a run of the
        // rest, appended in order or reversed.
        for mask in 0u32..1 << opts.len() {
            let (list, run): (Vec<_>, Vec<_>) = opts
                .iter()
                .enumerate()
                .partition(|&(i, _)| mask >> i & 1 != 0);
            for reversed in [false, true] {
                let mut out: Vec<FigureOption> = list.iter().map(|&(_, &o)| o).collect();
                let from = out.len();
                let mut tail: Vec<FigureOption> = run.iter().map(|&(_, &o)| o).collect();
                if reversed {
                    tail.reverse();
                }
                out.extend(tail);
                let contiguous = run.windows(2).all(|w| w[1].0 == w[0].0 + 1);
                let in_order = place_run(&mut out, from);
                if in_order {
                    assert_eq!(out, opts, "{mask:b} {reversed}");
                } else {
                    assert!(reversed || !contiguous, "{mask:b}");
                }
            }
        }
    }
}
