//! A plain-text picture of the board, for people playing at the terminal.
//!
//! Each tile is 3×3 characters: its side kinds (`C` city, `R` road, `F` field)
//! at north, east, south and west, a centre (`L` cloister, `o` another place such
//! as a garden, `.` otherwise), `^` in the top-left corner for a tile with
//! tile-level markers (a hill, a vineyard), and in the bottom-right corner the
//! seat number (1–6) of a figure standing on the tile.

use carcassonne_core::{FeatureKind, Game, Pos, TileType};

/// The 3×3 picture of a tile type turned `rot` quarter turns.
fn tile_cells(t: &TileType, rot: u8) -> [[char; 3]; 3] {
    let e = &t.rot[rot as usize & 3].edges;
    let centre = if t.features.iter().any(|f| f.kind == FeatureKind::Cloister) {
        'L'
    } else if t.features.iter().any(|f| f.kind == FeatureKind::Spot) {
        'o'
    } else {
        '.'
    };
    let corner = if t.markers != 0 { '^' } else { ' ' };
    [
        [corner, e[0].letter(), ' '],
        [e[3].letter(), centre, e[1].letter()],
        [' ', e[2].letter(), ' '],
    ]
}

/// The board, with column numbers on top and row numbers on the left.
pub fn board(g: &Game) -> String {
    let tiles = g.tiles();
    let (mut x0, mut x1, mut y0, mut y1) = (i16::MAX, i16::MIN, i16::MAX, i16::MIN);
    for t in tiles {
        x0 = x0.min(t.pos.x - 1);
        x1 = x1.max(t.pos.x + 1);
        y0 = y0.min(t.pos.y - 1);
        y1 = y1.max(t.pos.y + 1);
    }
    let mut out = String::from("     ");
    for x in x0..=x1 {
        out.push_str(&format!("{x:^3}"));
    }
    out.push('\n');
    for y in y0..=y1 {
        let mut rows = [String::new(), format!("{y:>4} "), String::new()];
        rows[0].push_str("     ");
        rows[2].push_str("     ");
        for x in x0..=x1 {
            let cells = match g.tile_at(Pos::new(x, y)) {
                Some(t) => match (g.placed(t), g.tile_type(t)) {
                    (Some(pt), Some(tt)) => {
                        let mut c = tile_cells(tt, pt.rot.quarter_turns());
                        let owner = g.figures_at_tile(t).find_map(|fig| g.figure_owner(fig));
                        if let Some(p) = owner {
                            c[2][2] = char::from(b'1' + p.seat());
                        }
                        c
                    }
                    _ => [[' '; 3]; 3],
                },
                None => [[' '; 3]; 3],
            };
            for (row, cells) in rows.iter_mut().zip(cells) {
                row.extend(cells);
            }
        }
        for row in rows {
            out.push_str(row.trim_end());
            out.push('\n');
        }
    }
    out
}

/// A tile type in its four rotations, side by side, labelled 0–3.
pub fn rotations(t: &TileType) -> String {
    let pics: Vec<[[char; 3]; 3]> = (0..4).map(|r| tile_cells(t, r)).collect();
    let mut out = String::new();
    for row in 0..3 {
        for (r, p) in pics.iter().enumerate() {
            if r > 0 {
                out.push_str("   ");
            }
            out.extend(p[row]);
        }
        out.push('\n');
    }
    out.push_str(" 0     1     2     3\n");
    out
}
