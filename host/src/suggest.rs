//! "Did you mean ...?" for misspelt names.

/// Edit distance (Levenshtein) between two short strings.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The candidate nearest to `name`, if it is close enough to be a likely typo.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (distance(name, c), c))
        .filter(|&(d, c)| d <= 2.max(c.len() / 3) && d < c.len().max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// `" (did you mean `x`?)"` or nothing.
pub fn hint<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    nearest(name, candidates).map_or_else(String::new, |c| format!(" (did you mean `{c}`?)"))
}

/// `msg` with a hint when it is serde's message about a misspelt enum value
/// (``unknown variant `afterfollower`, expected `after-follower` or …``): the
/// nearest of the spellings it lists.
pub fn with_variant_hint(msg: &str) -> String {
    let Some(rest) = msg.strip_prefix("unknown variant `") else {
        return msg.to_string();
    };
    let Some((name, list)) = rest.split_once('`') else {
        return msg.to_string();
    };
    // The spellings are the back-quoted words after "expected".
    let names: Vec<&str> = list.split('`').skip(1).step_by(2).collect();
    format!("{msg}{}", hint(name, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(nearest("shepard", ["shepherd", "hills"]), Some("shepherd"));
        assert_eq!(nearest("farmer", ["farmers", "tiny-city"]), Some("farmers"));
        assert_eq!(nearest("zzz", ["farmers", "tiny-city"]), None);
    }

    #[test]
    fn a_misspelt_variant_gets_the_nearest_spelling() {
        let m = "unknown variant `afterfollower`, expected `after-follower` or `before-follower`";
        assert_eq!(
            with_variant_hint(m),
            format!("{m} (did you mean `after-follower`?)")
        );
        let m = "unknown variant `x`, expected one of `a-long-one`, `another`";
        assert_eq!(with_variant_hint(m), m);
        assert_eq!(with_variant_hint("expected a number"), "expected a number");
    }
}
