//! Interned names: the markers and tile links that tiles and plugins mention.

/// Names interned in first-use order, at most `max` of them.
#[derive(Clone, Debug, Default)]
struct Names {
    names: Vec<String>,
}

impl Names {
    /// The id of `name`, interning it; `what` names the table in the error.
    fn intern(&mut self, name: &str, max: usize, what: &str) -> Result<u8, String> {
        if let Some(i) = self.get(name) {
            return Ok(i);
        }
        if self.names.len() >= max {
            return Err(format!("too many distinct {what} ({max} max) at `{name}`"));
        }
        self.names.push(name.to_string());
        Ok((self.names.len() - 1) as u8)
    }

    fn get(&self, name: &str) -> Option<u8> {
        self.names.iter().position(|n| n == name).map(|i| i as u8)
    }
}

/// Interned names of tile links (the `links` table of tiles; at most 32).
#[derive(Clone, Debug, Default)]
pub struct LinkTable {
    names: Names,
}

impl LinkTable {
    /// The id of `name`, interning it.
    pub fn intern(&mut self, name: &str) -> Result<u8, String> {
        self.names.intern(name, 32, "tile links")
    }

    /// The id of `name` if any tile or plugin uses it.
    pub fn get(&self, name: &str) -> Option<u8> {
        self.names.get(name)
    }

    /// All names in id order.
    pub fn names(&self) -> &[String] {
        &self.names.names
    }
}

/// Interned barrier names (at most 15); ids start at 1 (0: no barrier), so a
/// side's barrier fits in four bits.
#[derive(Clone, Debug, Default)]
pub struct BarrierTable {
    names: Names,
}

impl BarrierTable {
    /// The id of `name` (1 to 15), interning it.
    pub fn intern(&mut self, name: &str) -> Result<u8, String> {
        self.names.intern(name, 15, "barrier names").map(|i| i + 1)
    }

    /// The id of `name` if any tile or plugin uses it.
    pub fn get(&self, name: &str) -> Option<u8> {
        self.names.get(name).map(|i| i + 1)
    }

    /// The name of barrier id `id`.
    pub fn name(&self, id: u8) -> Option<&str> {
        let i = usize::from(id).checked_sub(1)?;
        self.names.names.get(i).map(String::as_str)
    }

    /// Whether no tile or plugin names a barrier.
    pub fn is_empty(&self) -> bool {
        self.names.names.is_empty()
    }
}

/// The marker the core reads itself: a city's pennant (every other marker
/// means something only to the plugins that read it).
pub const PENNANT: &str = "pennant";

/// Interned marker names (at most 64).
#[derive(Clone, Debug, Default)]
pub struct MarkerTable {
    names: Names,
}

impl MarkerTable {
    /// The id of `name`, interning it.
    pub fn intern(&mut self, name: &str) -> Result<u8, String> {
        self.names.intern(name, 64, "markers")
    }

    /// The id of `name` if any tile or plugin uses it.
    pub fn get(&self, name: &str) -> Option<u8> {
        self.names.get(name)
    }

    /// The bit of `name` in marker masks (0 if unknown: nothing carries it).
    pub fn bit(&self, name: &str) -> u64 {
        self.get(name).map_or(0, |i| 1u64 << i)
    }

    /// Name of marker `id`.
    pub fn name(&self, id: u8) -> Option<&str> {
        self.names.names.get(id as usize).map(String::as_str)
    }

    /// All names in id order.
    pub fn names(&self) -> &[String] {
        &self.names.names
    }
}
