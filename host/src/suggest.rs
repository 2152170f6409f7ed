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

/// Names longer than this many characters get no suggestion and are none:
/// a suggestion fixes what a person types, and [`distance`] costs the
/// product of the two lengths (a file of long names must not take minutes).
pub const MAX_SUGGESTED_CHARS: usize = 64;

/// The candidate nearest to `name`, if it is close enough to be a likely
/// typo: at most 2 edits or a third of the candidate's length, fewer edits
/// than its length. Candidates whose length alone puts them further are not
/// compared (the distance is at least the difference of the lengths).
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let n = name.chars().count();
    if n > MAX_SUGGESTED_CHARS {
        return None;
    }
    candidates
        .into_iter()
        .filter_map(|c| {
            let most = 2.max(c.len() / 3).min(c.len().max(1) - 1);
            let m = c.chars().count();
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
    fn the_length_bound_keeps_every_answer_of_comparing_all() {
        // What `nearest` answered when it compared every candidate.
        let all = |name: &str, cands: &[&'static str]| {
            cands
                .iter()
                .map(|&c| (distance(name, c), c))
                .filter(|&(d, c)| d <= 2.max(c.len() / 3) && d < c.len().max(1))
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
