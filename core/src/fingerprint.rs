//! A stable fingerprint of what defines a game's rules (FNV-1a, 64 bits), so a
//! record can tell whether it is replayed with the rules it was played with.
//! The same rules give the same fingerprint on every platform and in every
//! version that compiles them alike.

use crate::rules::Rules;
use crate::types::FeatureKinds;

/// An FNV-1a hash fed with length-prefixed fields.
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    /// Adds raw bytes.
    fn raw(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Adds a field (length-prefixed, so `("ab", "c")` and `("a", "bc")` differ).
    pub fn field(&mut self, bytes: &[u8]) -> &mut Self {
        self.raw(&(bytes.len() as u64).to_le_bytes());
        self.raw(bytes);
        self
    }

    /// Adds a number.
    pub fn num(&mut self, n: u64) -> &mut Self {
        self.field(&n.to_le_bytes())
    }

    /// The fingerprint as 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

impl Rules {
    /// The fingerprint of the compiled rules: every tile type (id, count,
    /// geometry, markers, barrier and feature names), a `[start]` layout, the core options,
    /// the figure kinds and the plugins' declarations. The host adds the plugins' versions and options.
    pub fn fingerprint(&self) -> Fingerprint {
        let mut h = Fingerprint::default();
        let markers = &self.tiles.markers;
        let mask = |h: &mut Fingerprint, m: u64| {
            for i in 0..64u8 {
                if m & (1 << i) != 0 {
                    h.field(markers.name(i).unwrap_or("").as_bytes());
                }
            }
            h.num(u64::MAX);
        };
        for t in &self.tiles.types {
            h.field(t.id.as_bytes())
                .num(u64::from(t.count))
                .num(u64::from(t.start))
                .num(u64::from(t.per_player));
            mask(&mut h, t.markers);
            for e in t.rot[0].edges {
                h.num(e as u64);
            }
            for f in &t.features {
                h.num(f.kind as u64)
                    .num(u64::from(f.slots))
                    .num(u64::from(f.inner));
                h.field(&f.adj);
                if f.barrier != 0 {
                    let name = self.tiles.barriers.name(f.barrier).unwrap_or("");
                    h.field(name.as_bytes());
                } else if let Some(name) = &f.name {
                    // What the notation calls it (a record may name it so).
                    h.field(b"name").field(name.as_bytes());
                }
                mask(&mut h, f.markers);
                for &(bit, n) in &f.marker_counts {
                    h.num(u64::from(bit)).num(u64::from(n));
                }
                if !f.scored {
                    h.field(b"not scored");
                }
            }
            for (link, groups) in &t.links {
                h.field(
                    self.tiles
                        .links
                        .names()
                        .get(usize::from(*link))
                        .map_or(&[][..], |n| n.as_bytes()),
                )
                .num(groups.len() as u64);
                for &g in groups {
                    h.num(u64::from(g));
                }
            }
        }
        // A `[start]` table (a `start = true` flag is in the tile types above).
        if let Some(layout) = self.tiles.start.as_ref().filter(|l| !l.flag) {
            h.field(layout.set.as_bytes());
            h.num(layout.priority as u64);
            for t in &layout.tiles {
                h.num(u64::from(t.ty.0))
                    .num(t.pos.x as u64)
                    .num(t.pos.y as u64)
                    .num(u64::from(t.rot.quarter_turns()));
            }
        }
        h.field(self.options.farmers.name().as_bytes())
            .num(u64::from(self.options.tiny_city))
            .num(u64::from(self.options.followers));
        for f in &self.figures {
            h.field(f.name.as_bytes())
                .num(u64::from(f.per_player))
                .num(u64::from(f.neutral))
                .num(u64::from(f.strength))
                .num(u64::from(f.computed_strength))
                .num(u64::from(f.follower))
                .num(u64::from(f.occupies))
                .num(u64::from(f.returns_on_score))
                .num(u64::from(f.stands_on.0))
                .num(u64::from(f.offered))
                .num(u64::from(f.one_per_feature))
                .num(f.class as u64);
            // Only where a plugin hosts plain kinds does the trait change play
            // (and the fingerprints of rules without hosts stay as they were).
            if self.host_markers != 0 {
                h.num(u64::from(f.plain));
            }
            // The marker and offer conditions, only where a kind has one (the
            // fingerprints of rules without them stay as they were).
            if f.marked_only != FeatureKinds::NONE || f.beside_follower || f.open_only {
                h.num(u64::from(f.marked_only.0))
                    .num(u64::from(f.beside_follower))
                    .num(u64::from(f.open_only));
            }
            // The corner offer, only where a kind has it (likewise).
            if f.at_corner_meetings {
                h.num(u64::from(f.at_corner_meetings));
            }
        }
        for p in &self.plugins {
            let w = p.decl.state;
            h.field(p.decl.id.as_bytes())
                .num(u64::from(w.game))
                .num(u64::from(w.player))
                .num(u64::from(w.feature))
                .num(u64::from(w.figure))
                .num(u64::from(p.subs.count_ones()));
            if w.tile > 0 {
                h.num(u64::from(w.tile));
            }
            // The hooks by name, not by bit: a hook added to the table (which
            // moves the bits after it) leaves the fingerprints of plugins that
            // do not subscribe to it alone.
            for (b, name) in crate::hooks::hook::NAMES.iter().enumerate() {
                if p.subs & (1 << b) != 0 {
                    h.field(name.as_bytes());
                }
            }
            for m in p
                .decl
                .markers
                .iter()
                .chain(&p.decl.links)
                .chain(&p.decl.barriers)
            {
                h.field(m.as_bytes());
            }
            // Areas and hosted markers, when declared (rules without them keep
            // their fingerprints).
            if !p.decl.areas.is_empty() || !p.decl.hosts.is_empty() {
                h.field(b"areas").num(p.decl.areas.len() as u64);
                for a in p.decl.areas.iter().chain(&p.decl.hosts) {
                    h.field(a.as_bytes());
                }
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_length_prefixed_and_values_pinned() {
        let ab_c = Fingerprint::default().field(b"ab").field(b"c").hex();
        let a_bc = Fingerprint::default().field(b"a").field(b"bc").hex();
        assert_ne!(ab_c, a_bc);
        // Pinned: a change here reports every stored record's rules as changed.
        assert_eq!(Fingerprint::default().hex(), "cbf29ce484222325");
        assert_eq!(Fingerprint::default().field(b"a").hex(), "529a4ddc8ff56bbf");
    }
}
