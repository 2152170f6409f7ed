//! A plain-text picture of the board, for people playing at the terminal.
//!
//! Each tile is a framed box of 5×3 characters, so neighbouring tiles never
//! run together: its side kinds (`C` city, `R` road, `F` field, `I` a
//! barrier, `?` a wildcard) at north,
//! east, south and west, a centre (`L` cloister, `o` another place such as a
//! garden, `.` otherwise), `^` in the top-left corner for a tile with
//! tile-level markers (a hill, a vineyard), and each figure on the tile as its
//! owner's seat number (1–6; `*` a neutral figure such as the dragon) where it
//! stands: near the city or road it holds, in its field's part of the tile, in
//! the middle for a monk. A tile a plugin added a feature to (a bridge) has
//! `=` in its top-right corner and its sides as they are now. A plugin's note about a feature (a tower's height)
//! is its plugin's mark (the letter of its `[notes]` style, or its id's
//! initial) near the feature. [`legend`] says so under the board, with every
//! figure on it, every note, and what each player holds and the plugins say
//! about him (pieces left, prisoners).

use crate::log;
use carcassonne_core::{FeatureKind, FigureId, Game, PlayerId, Pos, TileType};
use carcassonne_render::notes::{self, FeatureNotes, Placement, PlayerLine};
use carcassonne_render::Style;

/// Characters inside a tile's frame.
const W: usize = 5;
const H: usize = 3;

/// The inside of a tile type turned `rot`.
fn tile_cells(t: &TileType, rot: u8) -> [[char; W]; H] {
    let e = t
        .sides(carcassonne_core::Rotation::wrapping(usize::from(rot)))
        .kinds();
    let centre = if t.features.iter().any(|f| f.kind == FeatureKind::Cloister) {
        'L'
    } else if t.features.iter().any(|f| f.kind == FeatureKind::Spot) {
        'o'
    } else {
        '.'
    };
    let corner = if t.markers != 0 { '^' } else { ' ' };
    [
        [corner, ' ', e[0].letter(), ' ', ' '],
        [e[3].letter(), ' ', centre, ' ', e[1].letter()],
        [' ', ' ', e[2].letter(), ' ', ' '],
    ]
}

/// Marks a tile a plugin added features to (a bridge) with `=` in its
/// top-right corner, and shows its sides as they are now (a bridge's ends are
/// road sides).
fn mark_added(g: &Game, t: carcassonne_core::TileIndex, cells: &mut [[char; W]; H]) {
    if g.added_features(t).is_empty() {
        return;
    }
    if let Some(sides) = g.tile_sides(t) {
        let e = sides.kinds();
        cells[0][2] = e[0].letter();
        cells[1][4] = e[1].letter();
        cells[2][2] = e[2].letter();
        cells[1][0] = e[3].letter();
    }
    cells[0][4] = '=';
}

/// The mark of figure `fig`: its owner's seat number, `*` if neutral.
fn figure_mark(g: &Game, fig: FigureId) -> char {
    g.figure_owner(fig)
        .map_or('*', |p| char::from(b'1' + p.seat().min(8)))
}

/// Puts the figures standing on the tile into `cells`, each at the free cell
/// nearest to where it stands.
fn place_figures(g: &Game, t: carcassonne_core::TileIndex, cells: &mut [[char; W]; H]) {
    for fig in g.figures_at_tile(t) {
        let Some((_, (x, y))) = carcassonne_render::figure_point(g, fig) else {
            continue;
        };
        put_near(cells, (x, y), figure_mark(g, fig));
    }
}

/// Puts `mark` into the free cell of `cells` nearest to point `(x, y)` of
/// the tile (the unit square), if one is free.
fn put_near(cells: &mut [[char; W]; H], (x, y): (f64, f64), mark: char) {
    let (fx, fy) = (x * (W - 1) as f64, y * (H - 1) as f64);
    let free = (0..H)
        .flat_map(|r| (0..W).map(move |c| (r, c)))
        .filter(|&(r, c)| cells[r][c] == ' ')
        .min_by(|a, b| {
            let d = |(r, c): (usize, usize)| (c as f64 - fx).powi(2) + (r as f64 - fy).powi(2);
            d(*a).total_cmp(&d(*b))
        });
    if let Some((r, c)) = free {
        cells[r][c] = mark;
    }
}

/// The one-character mark of plugin `plugin`'s notes.
fn note_mark(style: &Style, plugin: &str) -> char {
    style
        .note(plugin)
        .mark(plugin)
        .chars()
        .next()
        .unwrap_or('?')
}

/// Puts the marks of the notes about features of the tile at `pos` (type
/// `tt` turned `rot`) into `cells`, each near its feature (a `?` where the
/// notes failed); notes of a plugin styled `placement = "list"` are only
/// listed.
fn place_notes(
    all: &[(Pos, u8, FeatureNotes)],
    pos: Pos,
    (tt, rot): (&TileType, u8),
    style: &Style,
    cells: &mut [[char; W]; H],
) {
    for (_, local, notes) in all.iter().filter(|n| n.0 == pos) {
        let at = carcassonne_render::geometry::anchor(tt, rot, (*local).into());
        match notes {
            Ok(notes) => {
                for n in notes {
                    match style.note(&n.plugin).placement {
                        Placement::List => {}
                        Placement::Corner => {
                            put_near(cells, (1.0, 0.0), note_mark(style, &n.plugin))
                        }
                        Placement::Feature => put_near(cells, at, note_mark(style, &n.plugin)),
                    }
                }
            }
            Err(_) => put_near(cells, at, '?'),
        }
    }
}

/// The board, framed tile by tile, with column numbers on top and row
/// numbers on the left; the plugins' notes marked as `style` says.
pub fn board(g: &Game, style: &Style) -> String {
    let tiles = g.tiles();
    let (mut x0, mut x1, mut y0, mut y1) = (i16::MAX, i16::MIN, i16::MAX, i16::MIN);
    for t in tiles {
        x0 = x0.min(t.pos.x - 1);
        x1 = x1.max(t.pos.x + 1);
        y0 = y0.min(t.pos.y - 1);
        y1 = y1.max(t.pos.y + 1);
    }
    if tiles.is_empty() {
        return String::new();
    }
    let notes = notes::feature_notes(g);
    let (cols, rows) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
    let mut grid = vec![vec![' '; cols * (W + 1) + 1]; rows * (H + 1) + 1];
    for (i, t) in tiles.iter().enumerate() {
        let (Some(tt), idx) = (
            g.rules().tiles.get(t.ty),
            carcassonne_core::TileIndex(i as u16),
        ) else {
            continue;
        };
        let mut cells = tile_cells(tt, t.rot.quarter_turns());
        mark_added(g, idx, &mut cells);
        place_figures(g, idx, &mut cells);
        place_notes(
            &notes,
            t.pos,
            (tt, t.rot.quarter_turns()),
            style,
            &mut cells,
        );
        let (c0, r0) = (
            (t.pos.x - x0) as usize * (W + 1),
            (t.pos.y - y0) as usize * (H + 1),
        );
        for r in [r0, r0 + H + 1] {
            let edge = &mut grid[r][c0..=c0 + W + 1];
            edge.fill('-');
            edge[0] = '+';
            edge[W + 1] = '+';
        }
        for r in r0 + 1..=r0 + H {
            grid[r][c0] = '|';
            grid[r][c0 + W + 1] = '|';
            grid[r][c0 + 1..=c0 + W].copy_from_slice(&cells[r - r0 - 1]);
        }
    }
    let mut out = String::from("     ");
    for x in x0..=x1 {
        out.push_str(&format!("{x:^width$}", width = W + 1));
    }
    out.push('\n');
    for (r, line) in grid.iter().enumerate() {
        let label = if r % (H + 1) == 2 {
            format!("{:>4} ", i32::from(y0) + (r / (H + 1)) as i32)
        } else {
            "     ".into()
        };
        let text: String = line.iter().collect();
        out.push_str(format!("{label}{text}").trim_end());
        out.push('\n');
    }
    out
}

/// What the characters of [`board`] mean, every figure on the board by its
/// owner ("1 Red: follower on the city at (0, -1), …"), every note about a
/// feature ("T tower at (2, 0): tower 1"), what each player holds and the
/// plugins say about him ("Blue: holds: Red follower; tower: 9 pieces"), and
/// the figures in areas off the board.
pub fn legend(g: &Game, style: &Style) -> String {
    let mut out = String::from(
        "Sides: C city, R road, F field; centre: L cloister, o garden or other place, \
         ^ a tile marker (hill, vineyard);\n\
         1-6: a figure of seat 1-6 where it stands, * a neutral figure.\n",
    );
    if (0..g.placed_count()).any(|i| {
        !g.added_features(carcassonne_core::TileIndex(i as u16))
            .is_empty()
    }) {
        out.push_str(
            "= a tile a plugin added a feature to (a bridge), its sides as they are now.\n",
        );
    }
    let mut lines: Vec<(char, String, Vec<String>)> = Vec::new();
    for i in 0..g.figure_count() {
        let fig = FigureId(i as u16);
        let (Some(t), Some(kind)) = (g.figure_tile(fig), g.figure_kind(fig)) else {
            continue;
        };
        let Some(pos) = g.tile_pos(t) else {
            continue;
        };
        let name = g.figure_kind_name(kind).unwrap_or("figure");
        let place = match g.figure_location(fig).and_then(|at| at.feature()) {
            Some(f) => match (g.feature_tile(f), g.feature_local(f)) {
                (Some(ft), Some(l)) => format!(" on the {}", log::describe_feature(g, ft, l)),
                _ => String::new(),
            },
            None => String::new(),
        };
        let mark = figure_mark(g, fig);
        let who = g.figure_owner(fig).map_or_else(
            || "neutral".to_string(),
            |p| log::NAMES[p.index()].to_string(),
        );
        let item = format!("{name}{place} at {pos}");
        match lines.iter_mut().find(|l| l.0 == mark) {
            Some(l) => l.2.push(item),
            None => lines.push((mark, who, vec![item])),
        }
    }
    lines.sort_by_key(|l| l.0);
    for (mark, who, items) in lines {
        out.push_str(&format!("  {mark} {who}: {}\n", items.join(", ")));
    }
    out.push_str(&notes_legend(g, style));
    out
}

/// The notes part of [`legend`]: the notes about features by their mark,
/// then each player's line, then the areas off the board.
fn notes_legend(g: &Game, style: &Style) -> String {
    let mut out = String::new();
    let notes = notes::feature_notes(g);
    if !notes.is_empty() {
        out.push_str("Notes (a letter on a tile: the note of a plugin):\n");
    }
    for (pos, _, notes) in notes {
        match notes {
            Ok(notes) => {
                for n in notes {
                    let mark = note_mark(style, &n.plugin);
                    out.push_str(&format!("  {mark} {} at {pos}: {}\n", n.plugin, n.note));
                }
            }
            Err(e) => out.push_str(&format!("  ? at {pos}: no note: {e}\n")),
        }
    }
    let seat = |p: PlayerId| log::NAMES[p.index()].to_string();
    let mut players = String::new();
    for p in PlayerId::all(g.players()) {
        let parts: Vec<String> = notes::player_lines(g, p, &seat)
            .into_iter()
            .map(|l| match l {
                PlayerLine::Holds(h) => h,
                PlayerLine::Note(n) => format!("{}: {}", n.plugin, n.note),
                PlayerLine::Failed(e) => format!("no note: {e}"),
            })
            .collect();
        if !parts.is_empty() {
            players.push_str(&format!("  {}: {}\n", seat(p), parts.join("; ")));
        }
    }
    if !players.is_empty() {
        out.push_str("Players:\n");
        out.push_str(&players);
    }
    for (area, figs) in notes::areas(g, &seat) {
        out.push_str(&format!("  Off the board, {area}: {figs}\n"));
    }
    out
}

/// A tile type in its four rotations, side by side, framed and labelled 0–3.
pub fn rotations(t: &TileType) -> String {
    let pics: Vec<[[char; W]; H]> = (0..4).map(|r| tile_cells(t, r)).collect();
    let frame = format!("+{}+", "-".repeat(W));
    let mut out = String::new();
    out.push_str(&[frame.as_str(); 4].join("  "));
    out.push('\n');
    for row in 0..H {
        let parts: Vec<String> = pics
            .iter()
            .map(|p| format!("|{}|", p[row].iter().collect::<String>()))
            .collect();
        out.push_str(&parts.join("  "));
        out.push('\n');
    }
    out.push_str(&[frame.as_str(); 4].join("  "));
    out.push('\n');
    let labels: Vec<String> = (0..4)
        .map(|r| format!("{:^width$}", r, width = W + 2))
        .collect();
    out.push_str(labels.join("  ").trim_end());
    out.push('\n');
    out
}

/// Position of a tile for tests: where the tile at `p` begins in [`board`]'s
/// grid (row, column of its frame's top-left corner), given the board's
/// top-left cell `(x0, y0)`.
#[cfg(test)]
fn frame_at(p: carcassonne_core::Pos, x0: i16, y0: i16) -> (usize, usize) {
    ((p.y - y0) as usize * (H + 1), (p.x - x0) as usize * (W + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::{Action, FigureOption};

    #[test]
    fn tiles_are_framed_and_a_figure_stands_where_it_is_with_a_legend() {
        let rs = crate::env::shipped("base.toml");
        // Place tiles until Red can put a follower on a city, and do.
        for seed in 0..50u64 {
            let mut g = Game::new(rs.rules.clone(), 2, seed).unwrap();
            g.sample_chance().unwrap();
            let place = g.legal_actions().unwrap()[0];
            g.apply(place).unwrap();
            let city = g.legal_actions().unwrap().into_iter().find(|a| {
                matches!(a, Action::Figure(FigureOption::Deploy { at, .. })
                    if at.feature().and_then(|f| g.feature_kind(f)) == Some(FeatureKind::City))
            });
            let Some(city) = city else { continue };
            g.apply(city).unwrap();
            let pic = board(&g, &Style::default());
            let lines: Vec<&str> = pic.lines().collect();
            // Two tiles: four frame corners along the shared border line.
            assert!(pic.contains("+-----+"), "{pic}");
            let fig = (0..g.figure_count() as u16)
                .map(FigureId)
                .find(|&f| g.figure_tile(f).is_some())
                .unwrap();
            let pos = g.tile_pos(g.figure_tile(fig).unwrap()).unwrap();
            let x0 = g.tiles().iter().map(|t| t.pos.x).min().unwrap() - 1;
            let y0 = g.tiles().iter().map(|t| t.pos.y).min().unwrap() - 1;
            let (r, c) = frame_at(pos, x0, y0);
            // The lines after the column numbers; each with a 5-character label.
            let inside: Vec<String> = (1..=H)
                .map(|i| {
                    let l = lines[1 + r + i];
                    l.chars().skip(5 + c + 1).take(W).collect()
                })
                .collect();
            let row = inside
                .iter()
                .position(|l| l.contains('1'))
                .unwrap_or_else(|| panic!("no figure on the tile at {pos}: {inside:?}\n{pic}"));
            // The city's side is where the figure is drawn: top for N, bottom for S.
            let (_, (_, fy)) = carcassonne_render::figure_point(&g, fig).unwrap();
            assert_eq!(row, (fy * 2.0).round() as usize, "{inside:?}\n{pic}");
            let leg = legend(&g, &Style::default());
            assert!(leg.contains("1 Red: follower on the city"), "{leg}");
            assert!(leg.contains(&format!("at {pos}")), "{leg}");
            return;
        }
        panic!("no seed let Red stand on a city");
    }

    #[test]
    fn a_plugins_notes_are_marked_on_the_board_and_listed_with_the_players() {
        let rs = crate::env::shipped("the-tower.toml");
        // Blue raises a tower on (2, 0) and takes Red's road follower prisoner.
        let g = carcassonne_core::scenario::run(
            &rs.rules,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower follower of 0 at 1 0 0",
        )
        .unwrap();
        let style = crate::env::style(&rs.rules, None).unwrap();
        let pic = board(&g, &style);
        let lines: Vec<&str> = pic.lines().collect();
        let (r, c) = frame_at(carcassonne_core::Pos::new(2, 0), -1, -1);
        let inside: String = (1..=H)
            .map(|i| {
                lines[1 + r + i]
                    .chars()
                    .skip(5 + c + 1)
                    .take(W)
                    .collect::<String>()
            })
            .collect();
        // The tower's mark (its style's letter) on the tile, once.
        assert_eq!(inside.matches('T').count(), 1, "{inside:?}\n{pic}");
        let leg = legend(&g, &style);
        for want in [
            "Notes (a letter on a tile: the note of a plugin):\n  T tower at (2, 0): tower 1\n",
            "Players:\n  Red: tower: 10 pieces\n  Blue: holds: Red follower; tower: 9 pieces, 1 prisoner\n",
        ] {
            assert!(leg.contains(want), "{want}\n{leg}");
        }
        // Without the tower's style: its id's initial, the same letter.
        assert!(board(&g, &Style::default()).contains('T'));
        // A plugin's notes styled `placement = "list"` are only listed.
        let mut listed = carcassonne_render::StyleLayers::default();
        listed
            .merge("mine.toml", "[notes.tower]\nplacement = \"list\"\n")
            .unwrap();
        let pic = board(&g, listed.style());
        let lines: Vec<&str> = pic.lines().collect();
        let inside: String = (1..=H)
            .map(|i| {
                lines[1 + r + i]
                    .chars()
                    .skip(5 + c + 1)
                    .take(W)
                    .collect::<String>()
            })
            .collect();
        assert!(!inside.contains('T'), "{inside:?}");
        assert!(legend(&g, listed.style()).contains("  T tower at (2, 0): tower 1\n"));
    }

    #[test]
    fn a_bridge_shows_its_road_ends_and_a_mark_on_its_tile() {
        let rs = crate::env::shipped("bridges-castles-and-bazaars.toml");
        let g = carcassonne_core::scenario::run(
            &rs.rules,
            2,
            "draw BA/L; place 1 0 0 bridges WE; pass",
        )
        .unwrap();
        let style = crate::env::style(&rs.rules, None).unwrap();
        let pic = board(&g, &style);
        let lines: Vec<&str> = pic.lines().collect();
        let (r, c) = frame_at(carcassonne_core::Pos::new(1, 0), -1, -1);
        let inside: Vec<String> = (1..=H)
            .map(|i| lines[1 + r + i].chars().skip(5 + c + 1).take(W).collect())
            .collect();
        // The cloister's field sides west and east are the bridge's road ends now.
        assert_eq!(inside, ["  F =", "R L R", "  F  "], "{pic}");
        let leg = legend(&g, &style);
        assert!(
            leg.contains("= a tile a plugin added a feature to (a bridge)"),
            "{leg}"
        );
        assert!(
            leg.contains(
                "Players:\n  Red: bridges: 2 bridges left; castles: 3 castles\n  Blue: bridges: 3 bridges left; castles: 3 castles\n"
            ),
            "{leg}"
        );
    }
}
