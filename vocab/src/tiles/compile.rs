//! Validation and compilation of one tile: slot ownership, markers, printed
//! sides, links, the geometry of each rotation, and its placement fit table.

use super::*;

fn slot_index(name: &str) -> Option<usize> {
    crate::types::SLOT_NAMES.iter().position(|s| *s == name)
}

/// Why `name` cannot name a feature of kind `kind` (a shrine, a cloister
/// called so), if it cannot: it is a word of the notation (`deploy follower
/// shrine`), so it is one word of lower-case letters and hyphens, and no
/// other feature kind's name (a cloister called `city` would read as a
/// city).
fn name_problem(name: &str, kind: FeatureKind) -> Option<&'static str> {
    let word = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    if !word {
        return Some("a name is one word of lower-case letters a-z and hyphens (`shrine`)");
    }
    let kinds = ["road", "city", "field", "cloister", "spot", "barrier"];
    if kinds.contains(&name) && name != kind.to_string() {
        return Some("that is another feature kind's name");
    }
    // The notation's own words for a place (`deploy follower tile`,
    // `... corner NE`, `... at 1 0`, `in AREA`, `held by 1`, `centre`).
    if ["tile", "corner", "at", "in", "held", "by", "centre"].contains(&name) {
        return Some("that is a word of the notation for a place");
    }
    None
}

/// The sides' names in a tile's data, by index (N E S W).
const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];

fn side_index(name: &str) -> Option<usize> {
    SIDE_NAMES.iter().position(|s| *s == name)
}

/// The kind of a side whose three slots belong to features of these kinds: a
/// city if one is a city, else a road if one is a road, else a field (a
/// barrier side is a field side here: its name is checked apart).
pub fn edge_of(kinds: [Option<FeatureKind>; 3]) -> EdgeKind {
    if kinds.iter().all(Option::is_none) {
        // No slot owned: a field side unless the data says `?` (checked by the caller).
        return EdgeKind::Field;
    }
    if kinds.contains(&Some(FeatureKind::City)) {
        EdgeKind::City
    } else if kinds.contains(&Some(FeatureKind::Road)) {
        EdgeKind::Road
    } else {
        EdgeKind::Field
    }
}

/// The letter of a printed side in `sides`: `I` for a side a barrier crosses
/// (its middle slot is the barrier's), else its [`EdgeKind`]'s.
fn side_letter(edge: EdgeKind, middle: Option<FeatureKind>) -> char {
    if middle == Some(FeatureKind::Barrier) {
        SideKind::Barrier(0).letter()
    } else {
        edge.letter()
    }
}

/// Checks a feature's `name` (a barrier needs one; any other may have one:
/// what the log and the notation call it) and what a barrier may not have
/// (`adj`, `inner`, slots other than middle ones).
fn barrier_errors(fi: usize, f: &FeatureSpec, errs: &mut Vec<String>) {
    let barrier = f.kind == FeatureKind::Barrier;
    match (&f.name, barrier) {
        (None, true) => errs.push(format!(
            "feature {fi} (barrier) needs a `name` (e.g. `name = \"river\"`)"
        )),
        (Some(n), true) if n.is_empty() => {
            errs.push(format!("feature {fi} (barrier): the `name` is empty"))
        }
        (Some(n), false) => {
            if let Some(why) = name_problem(n, f.kind) {
                errs.push(format!("feature {fi} ({}): name `{n}`: {why}", f.kind));
            }
        }
        _ => {}
    }
    if barrier {
        for s in &f.slots {
            if slot_index(s).is_some_and(|i| i % 3 != 1) {
                errs.push(format!(
                    "feature {fi} (barrier): `{s}` is a half slot; a barrier owns the middle slot of a side (`N` or `NM`)"
                ));
            }
        }
    }
}

pub(super) fn compile_tile(
    spec: &TileSpec,
    set: &str,
    edition: &str,
    markers: &mut MarkerTable,
    links: &mut LinkTable,
    barriers: &mut BarrierTable,
) -> Result<TileType, Vec<String>> {
    let mut errs = Vec::new();
    if spec.features.len() >= NO_FEATURE as usize {
        errs.push("too many features".to_string());
        return Err(errs);
    }
    let mut owner = [NO_FEATURE; SLOTS];
    // First pass: explicit slot names and city/road side names; field side names later.
    let mut field_sides: Vec<(usize, usize)> = Vec::new();
    for (fi, f) in spec.features.iter().enumerate() {
        if f.kind.is_centre() && !f.slots.is_empty() {
            errs.push(format!("feature {fi} ({}) cannot own slots", f.kind));
        }
        if f.inner && f.kind != FeatureKind::Field {
            errs.push(format!(
                "feature {fi} ({}): only a field can be `inner`",
                f.kind
            ));
        } else if f.inner && !f.slots.is_empty() {
            errs.push(format!(
                "feature {fi} (field): an `inner` field owns no slot, but `slots` lists some"
            ));
        } else if !f.kind.is_centre() && !f.inner && f.slots.is_empty() {
            errs.push(format!(
                "feature {fi} ({}) owns no slot (an inner field says `inner = true`)",
                f.kind
            ));
        }
        if f.kind != FeatureKind::Field && !f.adj.is_empty() {
            errs.push(format!("feature {fi} ({}): only fields have `adj`", f.kind));
        }
        barrier_errors(fi, f, &mut errs);
        for s in &f.slots {
            let mut claim = |slot: usize, errs: &mut Vec<String>| {
                if owner[slot] == fi as u8 {
                    errs.push(format!(
                        "feature {fi}: slot {} is listed twice (`{s}` names it again)",
                        SLOT_NAMES[slot]
                    ));
                } else if owner[slot] != NO_FEATURE {
                    errs.push(format!(
                        "slot {} is owned by features {} and {fi}",
                        SLOT_NAMES[slot], owner[slot]
                    ));
                } else {
                    owner[slot] = fi as u8;
                }
            };
            if let Some(slot) = slot_index(s) {
                claim(slot, &mut errs);
            } else if let Some(side) = side_index(s) {
                match f.kind {
                    FeatureKind::City => (0..3).for_each(|i| claim(side * 3 + i, &mut errs)),
                    FeatureKind::Road | FeatureKind::Barrier => claim(side * 3 + 1, &mut errs),
                    FeatureKind::Field => field_sides.push((fi, side)),
                    _ => {}
                }
            } else {
                errs.push(format!(
                    "feature {fi}: `{s}` is neither a slot (NL, NM, ... WR) nor a side (N, E, S, W)"
                ));
            }
        }
    }
    // Field side names: every slot of the side that no other feature lists.
    let claimed_explicit = owner;
    for (k, &(fi, side)) in field_sides.iter().enumerate() {
        if field_sides[..k].contains(&(fi, side)) {
            errs.push(format!(
                "feature {fi}: side {} is listed twice",
                SIDE_NAMES[side]
            ));
            continue;
        }
        for i in 0..3 {
            let slot = side * 3 + i;
            if claimed_explicit[slot] == NO_FEATURE {
                if owner[slot] != NO_FEATURE && owner[slot] != fi as u8 {
                    errs.push(format!(
                        "slot {} is claimed by the side names of fields {} and {fi}",
                        SLOT_NAMES[slot], owner[slot]
                    ));
                } else {
                    owner[slot] = fi as u8;
                }
            }
        }
    }
    let mut tile_markers = 0u64;
    for m in &spec.markers {
        match markers.intern(m) {
            Ok(id) => tile_markers |= 1 << id,
            Err(e) => errs.push(e),
        }
    }
    let pennant = markers.intern(super::PENNANT).unwrap_or(0);
    let mut features = Vec::with_capacity(spec.features.len());
    for (fi, f) in spec.features.iter().enumerate() {
        let mut slots = 0u16;
        for (s, &o) in owner.iter().enumerate() {
            if o == fi as u8 {
                slots |= 1 << s;
            }
        }
        let mut sides = 0u8;
        for d in 0..4 {
            if slots & (0b111 << (3 * d)) != 0 {
                sides |= 1 << d;
            }
        }
        let mut fm = 0u64;
        let mut marker_counts: Vec<(u8, u8)> = Vec::new();
        for m in &f.markers {
            match markers.intern(m) {
                Ok(id) if fm & (1 << id) != 0 => {
                    match marker_counts.iter_mut().find(|(x, _)| *x == id) {
                        Some((_, n)) => *n = n.saturating_add(1),
                        None => marker_counts.push((id, 2)),
                    }
                }
                Ok(id) => fm |= 1 << id,
                Err(e) => errs.push(e),
            }
        }
        for &a in &f.adj {
            match spec.features.get(a as usize) {
                Some(c) if c.kind == FeatureKind::City => {}
                _ => errs.push(format!("field {fi}: adj {a} is not a city of this tile")),
            }
        }
        let pennants = if fm & (1 << pennant) == 0 {
            0
        } else {
            marker_counts
                .iter()
                .find(|(m, _)| *m == pennant)
                .map_or(1, |&(_, n)| n)
        };
        let name = f.name.clone().filter(|n| !n.is_empty());
        let barrier = match (&f.name, f.kind) {
            (Some(n), FeatureKind::Barrier) => barriers.intern(n).unwrap_or_else(|e| {
                errs.push(e);
                0
            }),
            _ => 0,
        };
        features.push(TileFeature {
            barrier,
            name,
            kind: f.kind,
            slots,
            sides,
            side_count: sides.count_ones() as u8,
            adj: f.adj.clone(),
            markers: fm,
            marker_counts,
            pennants,
            inner: f.inner,
            scored: f.scored,
        });
    }
    // Printed side kinds, checked against `sides`.
    let kind_at = |slot: usize| -> Option<FeatureKind> {
        let o = owner[slot];
        (o != NO_FEATURE).then(|| features[o as usize].kind)
    };
    let wild: Vec<bool> = spec.sides.chars().map(|c| c == '?').collect();
    let printed: [EdgeKind; 4] = std::array::from_fn(|d| {
        let kinds = [kind_at(3 * d), kind_at(3 * d + 1), kind_at(3 * d + 2)];
        if wild.get(d) == Some(&true) && kinds.iter().all(Option::is_none) {
            EdgeKind::Any
        } else {
            edge_of(kinds)
        }
    });
    let printed_str: String = (0..4)
        .map(|d| side_letter(printed[d], kind_at(3 * d + 1)))
        .collect();
    if printed_str != spec.sides {
        let hint = if wild.contains(&true) {
            " (a `?` side is one that no feature reaches; `I` one a barrier crosses)"
        } else {
            ""
        };
        errs.push(format!(
            "`sides = \"{}\"` but the features give \"{printed_str}\"{hint}",
            spec.sides
        ));
    }
    let per_player = spec.per_player;
    if per_player > 0 && spec.counts.values().any(|&n| n > 0) {
        errs.push("a tile held in hand (`per_player`) cannot also have bag `counts`".into());
    }
    if per_player > 0 && spec.start {
        errs.push("a tile held in hand (`per_player`) cannot be the start tile".into());
    }
    if per_player > 6 {
        errs.push(format!("per_player = {per_player}: expected 0 to 6"));
    }
    let mut tile_links = Vec::new();
    for (name, groups) in &spec.links {
        let id = match links.intern(name) {
            Ok(id) => id,
            Err(e) => {
                errs.push(e);
                continue;
            }
        };
        let mut group_of = vec![0u32; spec.features.len()];
        if groups.len() > 32 {
            errs.push(format!(
                "link `{name}`: {} groups (32 at most)",
                groups.len()
            ));
        }
        for (gi, g) in groups.iter().enumerate().take(32) {
            if g.len() < 2 {
                errs.push(format!(
                    "link `{name}` group {gi}: a group needs at least two features"
                ));
            }
            for &l in g {
                match group_of.get_mut(l as usize) {
                    None => errs.push(format!(
                        "link `{name}` group {gi}: no feature {l} on this tile"
                    )),
                    Some(x) if *x & (1 << gi) != 0 => errs.push(format!(
                        "link `{name}` group {gi}: feature {l} listed twice"
                    )),
                    Some(x) => *x |= 1 << gi,
                }
            }
        }
        tile_links.push((id, group_of));
    }
    for (d, &edge) in printed.iter().enumerate() {
        if let Some(e) = side_mix_error(d, edge, &owner, &features) {
            errs.push(e);
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let rot: [RotGeom; 4] = std::array::from_fn(|r| {
        let mut slot_feature = [NO_FEATURE; SLOTS];
        for (s, &o) in owner.iter().enumerate() {
            slot_feature[(s + 3 * r) % SLOTS] = o;
        }
        let edges: [EdgeKind; 4] = std::array::from_fn(|d| printed[(d + 4 - r) % 4]);
        let code = edges
            .iter()
            .enumerate()
            .fold(0u8, |c, (d, e)| c | (*e as u8) << (2 * d));
        let side_features = std::array::from_fn(|d| {
            let mut v = [NO_FEATURE; 3];
            let mut n = 0;
            for i in 0..3 {
                let f = slot_feature[d * 3 + i];
                if f != NO_FEATURE && !v[..n].contains(&f) {
                    v[n] = f;
                    n += 1;
                }
            }
            v
        });
        // The barrier crossing each board side, by its middle slot.
        let bars = (0..4).fold(0u16, |b, d| match slot_feature[3 * d + 1] {
            NO_FEATURE => b,
            f => b | u16::from(features[f as usize].barrier) << (4 * d),
        });
        let slot_kinds =
            slot_feature.map(|f| super::slot_kind(features.get(usize::from(f)).map(|f| f.kind)));
        RotGeom {
            slot_feature,
            edges,
            code,
            side_features,
            bars,
            slot_kinds,
        }
    });
    // Distinct rotations: compare a canonical description of each rotated tile.
    let canon = |r: u8| -> Vec<(u8, u8, u64, u16, Vec<u16>)> {
        let mut v: Vec<_> = features
            .iter()
            .map(|f| {
                let mut adj: Vec<u16> = f
                    .adj
                    .iter()
                    .map(|&a| rotate_mask(features[a as usize].slots, r))
                    .collect();
                adj.sort_unstable();
                (
                    f.kind as u8,
                    f.barrier,
                    f.markers,
                    rotate_mask(f.slots, r),
                    adj,
                )
            })
            .collect();
        v.sort();
        v
    };
    let mut distinct_rots = 0u8;
    let mut same_rotation = Rotation::ALL;
    let canons: Vec<_> = (0..4).map(canon).collect();
    for r in 0..4 {
        match (0..r).find(|&q| canons[q] == canons[r]) {
            Some(q) => same_rotation[r] = Rotation::wrapping(q),
            None => distinct_rots |= 1 << r,
        }
    }
    let has_centre = features.iter().any(|f| f.kind.is_centre());
    let any_markers = features.iter().fold(tile_markers, |m, f| m | f.markers);
    Ok(TileType {
        id: spec.id.clone(),
        set: set.to_string(),
        count: spec.counts.get(edition).copied().unwrap_or(0),
        count_fixed: false,
        per_player,
        start: spec.start,
        markers: tile_markers,
        any_markers,
        features,
        rot,
        distinct_rots,
        same_rotation,
        has_centre,
        links: tile_links,
    })
}

/// Placement compares whole sides (their coarse kind) and then joins features slot
/// by slot, so every slot of a side must be of a kind its side kind allows: a city
/// side holds only city slots, a field side only field slots, and a road side a
/// road in its middle slot and fields in its halves (any slot may be nobody's).
/// Otherwise a field could be joined to a city. Returns the problem of side `d`.
fn side_mix_error(
    d: usize,
    edge: EdgeKind,
    owner: &[u8; SLOTS],
    features: &[TileFeature],
) -> Option<String> {
    let kind_at = |slot: usize| {
        let o = owner[slot];
        (o != NO_FEATURE).then(|| features[o as usize].kind)
    };
    let barrier = kind_at(3 * d + 1) == Some(FeatureKind::Barrier);
    let allowed = |i: usize, k: FeatureKind| match edge {
        EdgeKind::City => k == FeatureKind::City,
        EdgeKind::Road if i == 1 => k == FeatureKind::Road,
        _ if barrier && i == 1 => true,
        _ => k == FeatureKind::Field,
    };
    let bad = (0..3).any(|i| kind_at(3 * d + i).is_some_and(|k| !allowed(i, k)))
        || (edge == EdgeKind::Road && kind_at(3 * d + 1) != Some(FeatureKind::Road))
        || (barrier && edge != EdgeKind::Field);
    if !bad {
        return None;
    }
    let slots: Vec<String> = (0..3)
        .map(|i| {
            let s = 3 * d + i;
            match kind_at(s) {
                Some(k) => format!("{} {k} (feature {})", SLOT_NAMES[s], owner[s]),
                None => format!("{} nobody", SLOT_NAMES[s]),
            }
        })
        .collect();
    let rule = match edge {
        _ if barrier => {
            "a barrier side has the barrier in its middle slot and fields (or nobody) in its halves"
        }
        EdgeKind::City => "a city side's slots must all be city (or nobody's)",
        EdgeKind::Road => {
            "a road side needs the road in its middle slot and fields (or nobody) in its halves"
        }
        _ => "a field side's slots must all be field (or nobody's)",
    };
    Some(format!(
        "side {} mixes slot kinds: {}; {rule}",
        ["N", "E", "S", "W"][d],
        slots.join(", ")
    ))
}

pub(super) fn fit_table(t: &TileType) -> FitTable {
    let mut fit = [0u8; 256];
    for (req, slot) in fit.iter_mut().enumerate() {
        let req = req as u8;
        for r in 0..4 {
            if t.distinct_rots & (1 << r) == 0 {
                continue;
            }
            let code = t.rot[r].code;
            let ok = (0..4).all(|d| {
                let need = (req >> (2 * d)) & 3;
                let have = (code >> (2 * d)) & 3;
                // 0: no neighbour there, or a wildcard side (`?`) on either part.
                need == 0 || have == 0 || need == have
            });
            if ok {
                *slot |= 1 << r;
            }
        }
    }
    FitTable {
        fit: fit.map(|m| m | (m.count_ones() as u8) << 4),
    }
}
