//! The player actions of a game's record, shared between copies of the game:
//! `Game.clone()` is called at every step of a search, and copying a record's
//! hundreds of action texts made it several times slower late in a game.

use std::sync::Arc;

/// One action and those before it.
#[derive(Debug)]
struct Node {
    text: String,
    prev: Option<Arc<Node>>,
}

/// A list of action texts that grows at its end and is cloned in constant
/// time: copies share the actions they had in common.
#[derive(Clone, Debug, Default)]
pub struct History {
    last: Option<Arc<Node>>,
    len: usize,
}

impl History {
    /// Appends `text`.
    pub fn push(&mut self, text: String) {
        let prev = self.last.take();
        self.last = Some(Arc::new(Node { text, prev }));
        self.len += 1;
    }

    /// The actions, first to last.
    pub fn to_vec(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.len);
        let mut at = self.last.as_deref();
        while let Some(n) = at {
            out.push(n.text.clone());
            at = n.prev.as_deref();
        }
        out.reverse();
        out
    }
}

impl Drop for History {
    /// Frees the nodes no other copy holds one by one (a recursive drop of a
    /// long list could exhaust the stack).
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(n) = at {
            match Arc::try_unwrap(n) {
                Ok(mut node) => at = node.prev.take(),
                Err(_) => break,
            }
        }
    }
}
