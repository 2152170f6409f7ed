//! The start layout: each tile set's candidates (its `[start]` table, or a
//! tile flagged `start = true`), checked, and of those whose tiles the game
//! holds the one with the highest priority chosen (again after the plugins'
//! counts). The choice does not depend on the order of the sets: two different
//! layouts at the highest priority are an error naming both sets.

use super::*;

/// Start tiles stand within this distance of `(0, 0)` on each axis.
pub const MAX_START_DISTANCE: i16 = 32;

/// A candidate layout and the index of its tile set.
type Candidate = (usize, StartLayout);

/// Every valid start layout of `sets` compiled into `cat` (every tile
/// compiled), with the index of its set.
pub(super) fn candidates(
    cat: &TileCatalogue,
    sets: &[TileSetSpec],
) -> Result<Vec<Candidate>, Vec<TileError>> {
    let mut errors = Vec::new();
    let mut candidates: Vec<Candidate> = Vec::new();
    for (si, set) in sets.iter().enumerate() {
        if let Some(spec) = &set.start {
            let mut err = |message: String| {
                errors.push(TileError {
                    set: Some(si),
                    message: format!("tile set `{}`, `[start]`: {message}", set.name),
                })
            };
            if let Some(layout) = table_layout(cat, &set.name, spec, &mut err) {
                candidates.push((si, layout));
            }
        }
        for spec in set.tiles.iter().filter(|t| t.start) {
            let Some(ty) = cat.by_id(&spec.id) else {
                continue;
            };
            candidates.push((
                si,
                StartLayout {
                    set: set.name.clone(),
                    priority: 0,
                    flag: true,
                    tiles: vec![StartTile {
                        ty,
                        pos: Pos::new(0, 0),
                        rot: Rotation::R0,
                    }],
                },
            ));
        }
    }
    if errors.is_empty() {
        Ok(candidates)
    } else {
        Err(errors)
    }
}

/// Whether the game holds every tile of layout `l` (enough copies by the
/// counts now).
fn held(cat: &TileCatalogue, l: &StartLayout) -> bool {
    l.tiles
        .iter()
        .all(|t| cat.get(t.ty).is_some_and(|tt| tt.count >= l.copies(t.ty)))
}

/// The start layout of `cat`'s candidates whose tiles the game holds, or
/// `None` if there is none.
pub(super) fn choose(cat: &TileCatalogue) -> Result<Option<StartLayout>, Vec<TileError>> {
    let mut errors = Vec::new();
    let candidates: Vec<&Candidate> = cat
        .start_candidates
        .iter()
        .filter(|(_, l)| held(cat, l))
        .collect();
    let Some(top) = candidates.iter().map(|(_, l)| l.priority).max() else {
        return Ok(None);
    };
    let mut winners = candidates.into_iter().filter(|(_, l)| l.priority == top);
    let Some((_, chosen)) = winners.next() else {
        return Ok(None);
    };
    for (si, other) in winners {
        let si = *si;
        if other.tiles != chosen.tiles {
            errors.push(TileError {
                set: Some(si),
                message: format!(
                    "two different start layouts of priority {top}: {} and {}; give one a higher `[start] priority` or leave one tile set out",
                    describe(cat, chosen),
                    describe(cat, other)
                ),
            });
        }
    }
    if errors.is_empty() {
        Ok(Some(chosen.clone()))
    } else {
        Err(errors)
    }
}

/// A layout in words: its set and tiles (`tile set `base` (`BA/RCr` at 0 0)`).
fn describe(cat: &TileCatalogue, l: &StartLayout) -> String {
    let tiles: Vec<String> = l
        .tiles
        .iter()
        .take(4)
        .map(|t| {
            let id = cat.get(t.ty).map_or("?", |tt| tt.id.as_str());
            format!("`{id}` at {} {}", t.pos.x, t.pos.y)
        })
        .collect();
    let more = if l.tiles.len() > 4 { ", ..." } else { "" };
    let how = if l.flag {
        "a `start = true` tile"
    } else {
        "`[start]`"
    };
    format!("tile set `{}` ({how}: {}{more})", l.set, tiles.join(", "))
}

/// The layout of a `[start]` table, checked: known tiles not held in hand,
/// rotations 0 to 3, distinct positions near the origin, and neighbouring
/// start tiles whose sides fit. Problems go to `err`.
fn table_layout(
    cat: &TileCatalogue,
    set: &str,
    spec: &StartSpec,
    err: &mut impl FnMut(String),
) -> Option<StartLayout> {
    if spec.tiles.is_empty() {
        err("a start layout needs at least one tile".into());
        return None;
    }
    let mut tiles: Vec<StartTile> = Vec::new();
    let mut ok = true;
    for (i, t) in spec.tiles.iter().enumerate() {
        let Some(ty) = cat.by_id(&t.id) else {
            err(format!("tile {i}: no tile `{}` in the tile sets", t.id));
            ok = false;
            continue;
        };
        if cat.types[ty.index()].per_player > 0 {
            err(format!(
                "tile {i}: `{}` is held in hand (`per_player`); it cannot be a start tile",
                t.id
            ));
            ok = false;
        }
        if t.rot > 3 {
            err(format!(
                "tile {i} (`{}`): rot = {}: expected 0 to 3",
                t.id, t.rot
            ));
            ok = false;
        }
        let [x, y] = t.at;
        if x.abs() > MAX_START_DISTANCE || y.abs() > MAX_START_DISTANCE {
            err(format!(
                "tile {i} (`{}`): at = [{x}, {y}]: start tiles stand within {MAX_START_DISTANCE} of [0, 0]",
                t.id
            ));
            ok = false;
        }
        let pos = Pos::new(x, y);
        if tiles.iter().any(|o| o.pos == pos) {
            err(format!("tile {i} (`{}`): two start tiles at {x} {y}", t.id));
            ok = false;
        }
        tiles.push(StartTile {
            ty,
            pos,
            rot: Rotation::wrapping(usize::from(t.rot)),
        });
    }
    if !ok {
        return None;
    }
    for a in &tiles {
        for d in [Side::E, Side::S] {
            let q = a.pos.step(d);
            let Some(b) = tiles.iter().find(|b| b.pos == q) else {
                continue;
            };
            let (ta, tb) = (&cat.types[a.ty.index()], &cat.types[b.ty.index()]);
            let mine = ta.sides(a.rot).get(d);
            let theirs = tb.sides(b.rot).get(d.opposite());
            if !mine.fits(theirs) {
                err(format!(
                    "`{}` at {} {} and `{}` at {} {} do not fit: {} side {mine:?} against {theirs:?}",
                    ta.id, a.pos.x, a.pos.y, tb.id, b.pos.x, b.pos.y, d.letter()
                ));
                ok = false;
            }
        }
    }
    ok.then(|| StartLayout {
        set: set.to_string(),
        priority: spec.priority,
        flag: false,
        tiles,
    })
}
