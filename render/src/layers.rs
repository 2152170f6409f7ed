//! Styles in layers: the built-in style, then the style of each plugin of the
//! rules, then the user's style file, each merged over what came before, so a
//! layer names only what it adds or changes.
//!
//! Merging: tables key by key (`[markers] hill = { color = "#000" }` keeps the
//! hill's shape), arrays of tables entry by entry (`players = [{ color = "#000" }]`
//! recolours the first seat only; a longer array adds seats), any other value
//! replaced. The plugins' layers go in the order of their ids, so the order a
//! ruleset lists its plugins in changes nothing; where two plugins style the
//! same name, the one whose id sorts last wins.

use crate::style::{Style, StyleError, DEFAULT_STYLE};
use carcassonne_core::Rules;
use toml::{Table, Value};

/// A style being built from layers, starting from the built-in one.
#[derive(Clone, Debug)]
pub struct StyleLayers {
    /// The merged TOML so far.
    table: Table,
    /// The style it makes.
    style: Style,
}

impl Default for StyleLayers {
    /// The built-in style alone.
    fn default() -> StyleLayers {
        let table: Table = toml::from_str(DEFAULT_STYLE).expect("the built-in style is TOML");
        let style = Style::from_table(table.clone()).expect("the built-in style is valid");
        StyleLayers { table, style }
    }
}

impl StyleLayers {
    /// The built-in style with the styles of the plugins of `rules` merged over
    /// it, in the order of their ids. The error names the plugin.
    pub fn of_rules(rules: &Rules) -> Result<StyleLayers, StyleError> {
        let mut plugins: Vec<_> = rules
            .plugins
            .iter()
            .map(|p| &p.decl)
            .filter(|d| !d.style.trim().is_empty())
            .collect();
        plugins.sort_by(|a, b| a.id.cmp(&b.id));
        let mut layers = StyleLayers::default();
        for d in plugins {
            layers.merge(&format!("the style of plugin `{}`", d.id), &d.style)?;
        }
        Ok(layers)
    }

    /// Merges the style text `text` over the layers so far; `name` (a file
    /// name) starts its errors. Nothing changes when it fails.
    pub fn merge(&mut self, name: &str, text: &str) -> Result<(), StyleError> {
        let layer: Table = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let (line, col) = line_col(text, span.start);
            let m = e.message().trim();
            // The reader's words for an integer over 2^63 − 1 name a type.
            let m = if m.contains("i128") || m.contains("value was too large") {
                let v = text.get(span).unwrap_or("?").trim();
                format!("{v}: too large (TOML integers are 64-bit)")
            } else {
                m.to_string()
            };
            StyleError(format!("{name}:{line}:{col}: {m}"))
        })?;
        let mut table = self.table.clone();
        merge_table(&mut table, layer);
        self.style =
            Style::from_table(table.clone()).map_err(|e| StyleError(format!("{name}: {}", e.0)))?;
        self.table = table;
        Ok(())
    }

    /// The style the layers make.
    pub fn style(&self) -> &Style {
        &self.style
    }

    /// The style the layers make.
    pub fn into_style(self) -> Style {
        self.style
    }
}

impl Style {
    /// The style of pictures of games under `rules`: the built-in style, the
    /// plugins' styles, then `user` (a style file's name and text), if any.
    pub fn for_rules(rules: &Rules, user: Option<(&str, &str)>) -> Result<Style, StyleError> {
        let mut layers = StyleLayers::of_rules(rules)?;
        if let Some((name, text)) = user {
            layers.merge(name, text)?;
        }
        Ok(layers.into_style())
    }
}

/// Merges `over` into `base`: tables key by key, arrays of tables entry by
/// entry (a longer array adds entries), anything else replaced.
fn merge_table(base: &mut Table, over: Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(Value::Table(b)), Value::Table(o)) => merge_table(b, o),
            (Some(Value::Array(b)), Value::Array(o)) if b.iter().chain(&o).all(Value::is_table) => {
                for (i, o) in o.into_iter().enumerate() {
                    match (b.get_mut(i), o) {
                        (Some(Value::Table(b)), Value::Table(o)) => merge_table(b, o),
                        (_, o) => b.push(o),
                    }
                }
            }
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The 1-based line and column of byte `at` of `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before.len(), |i| before.len() - i - 1)
        + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_changes_only_what_it_names() {
        let mut l = StyleLayers::default();
        l.merge(
            "mine.toml",
            "neutral = \"#000\"\nplayers = [{ color = \"#111\" }, {}, {}, {}, {}, {}, { name = \"Pink\", color = \"#f9c\" }]\n[markers.hill]\ncolor = \"#222\"\n[markers.tower]\nshape = \"star\"\n",
        )
        .unwrap();
        let s = l.style();
        assert_eq!(s.neutral, "#000");
        assert_eq!(
            (s.players[0].name.as_str(), s.players[0].color.as_str()),
            ("Red", "#111")
        );
        assert_eq!(s.players[1].color, "#2f6fd0");
        assert_eq!(s.players.len(), 7);
        assert_eq!(s.player_name(6), "Pink");
        let hill = s.marker("hill");
        assert_eq!(
            (hill.shape.as_str(), hill.color.as_deref()),
            ("mound", Some("#222"))
        );
        assert_eq!(s.marker("tower").shape, "star");
        assert_eq!(s.land.city, Style::default().land.city);
    }

    #[test]
    fn a_bad_layer_is_located_and_changes_nothing() {
        let mut l = StyleLayers::default();
        let e = l.merge("mine.toml", "[land]\ncity = \n").unwrap_err();
        assert!(
            e.to_string().starts_with("invalid style: mine.toml:2:8: "),
            "{e}"
        );
        let e = l
            .merge("mine.toml", "[markers.hill]\ncolour = \"#000\"\n")
            .unwrap_err();
        assert!(
            e.to_string().starts_with(
                "invalid style: mine.toml: `markers.hill.colour`: unknown field `colour`"
            ),
            "{e}"
        );
        let e = l.merge("mine.toml", "[land]\ncity = 3\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("invalid style: mine.toml: `land.city`: invalid type: integer `3`"),
            "{e}"
        );
        assert_eq!(l.style().land.city, Style::default().land.city);
        assert_eq!(l.style().marker("hill").color.as_deref(), Some("#8a7a48"));
    }
}
