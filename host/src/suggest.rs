//! "Did you mean ...?" for misspelt names.

/// Edit distance between two short strings: the fewest insertions,
/// deletions, substitutions and swaps of two neighbouring characters that
/// turn one into the other (optimal string alignment), so that a swap, the
/// commonest typo (`bsae`), counts one edit, not two.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Rows i - 1 and i - 2 of the table (a swap looks two rows back).
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let mut d = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && a[i - 1] == cb {
                d = d.min(before[j - 1] + 1);
            }
            cur[j + 1] = d;
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// The most edits ([`distance`]) that make a name a likely typo of a
/// candidate of `len` characters: a third of its length, at least one, and
/// fewer than its length. A short id is suggested only one edit away (`abot`
/// for `abbot`), never two: two edits make most short names any other
/// (`cult` is two from `count`, `CU/L` two from `BA/L`).
pub fn most_edits(len: usize) -> usize {
    (len / 3).max(1).min(len.saturating_sub(1))
}

/// Names longer than this many characters get no suggestion and are none:
/// a suggestion fixes what a person types, and [`distance`] costs the
/// product of the two lengths (a file of long names must not take minutes).
pub const MAX_SUGGESTED_CHARS: usize = 64;

/// The candidate nearest to `name`, if it is close enough to be a likely
/// typo: at most [`most_edits`] of the candidate's length away. Candidates
/// whose length alone puts them further are not compared (the distance is at
/// least the difference of the lengths).
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let n = name.chars().count();
    if n > MAX_SUGGESTED_CHARS {
        return None;
    }
    candidates
        .into_iter()
        .filter_map(|c| {
            let m = c.chars().count();
            let most = most_edits(m);
            if m > MAX_SUGGESTED_CHARS || n.abs_diff(m) > most {
                return None;
            }
            let d = distance(name, c);
            (d <= most).then_some((d, c))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// How a suggestion ([`hint`]) begins.
pub const DID_YOU_MEAN: &str = " (did you mean `";

/// `" (did you mean `x`?)"` or nothing.
pub fn hint<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    nearest(name, candidates).map_or_else(String::new, |c| format!("{DID_YOU_MEAN}{c}`?)"))
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
    fn a_swap_is_one_edit() {
        assert_eq!(distance("bsae", "base"), 1);
        assert_eq!(distance("bonsu", "bonus"), 1);
        assert_eq!(distance("ab", "ba"), 1);
        assert_eq!(distance("abc", "ca"), 3);
        assert_eq!(nearest("bsae", ["base", "abbey"]), Some("base"));
    }

    #[test]
    fn a_short_name_is_suggested_only_one_edit_away() {
        // The author audit: an out-of-tree plugin `cult` was told "did you
        // mean `count`?" (two edits), instead of how to load it.
        let ids = ["abbey", "abbot", "count", "river", "tower", "pig"];
        assert_eq!(nearest("cult", ids), None);
        assert_eq!(nearest("CU/L", ["BA/L", "BA/LR"]), None);
        assert_eq!(nearest("CU/LR", ["BA/L", "BA/LR"]), None);
        // One edit still is a typo.
        assert_eq!(nearest("abot", ids), Some("abbot"));
        assert_eq!(nearest("piig", ids), Some("pig"));
        assert_eq!(nearest("BA/Lx", ["BA/L", "BA/LR"]), Some("BA/L"));
        // Longer names keep a third of their length.
        assert_eq!(nearest("big-boxes", ["big-box"]), Some("big-box"));
        assert_eq!(most_edits(0), 0);
        assert_eq!(most_edits(1), 0);
        assert_eq!(most_edits(5), 1);
        assert_eq!(most_edits(6), 2);
        assert_eq!(most_edits(9), 3);
    }

    #[test]
    fn the_length_bound_keeps_every_answer_of_comparing_all() {
        // What `nearest` answered when it compared every candidate.
        let all = |name: &str, cands: &[&'static str]| {
            cands
                .iter()
                .map(|&c| (distance(name, c), c))
                .filter(|&(d, c)| d <= most_edits(c.chars().count()))
                .min_by_key(|&(d, _)| d)
                .map(|(_, c)| c)
        };
        let words = [
            "",
            "a",
            "ab",
            "abc",
            "farmers",
            "farmer",
            "frmrs",
            "tiny-city",
            "tinycity",
            "shepherd",
            "shepherds",
            "BA/L",
            "BA/LL",
            "B/L",
            "é",
            "éé",
            "hills-and-sheep",
        ];
        for name in words {
            assert_eq!(nearest(name, words), all(name, &words), "{name:?}");
            assert_eq!(
                nearest(name, words[3..].iter().copied()),
                all(name, &words[3..])
            );
        }
    }

    #[test]
    fn a_long_name_gets_no_suggestion_and_is_none() {
        let long = "a".repeat(150_000);
        assert_eq!(nearest(&long, [long.as_str(), "a"]), None);
        assert_eq!(nearest("aaaa", [long.as_str()]), None);
        let longest = "a".repeat(MAX_SUGGESTED_CHARS);
        let typo = format!("{}b", &longest[1..]);
        assert_eq!(nearest(&typo, [longest.as_str()]), Some(longest.as_str()));
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
