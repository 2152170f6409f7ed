//! The event log of a [`Game`] (off unless asked for; not part of the state).

use super::*;

state! {
    /// The event log: whether it is on, and the events since the last drain.
    #[derive(Debug)]
    pub(super) struct Log {
        /// Whether events are being logged.
        pub(super) on: bool,
        /// The events logged and not yet taken.
        pub(super) events: Vec<Event>,
    }
}

impl Log {
    /// Logging off, no events.
    pub(super) fn new() -> Log {
        Log {
            on: false,
            events: Vec::new(),
        }
    }

    /// Logging off, no events, reusing the buffer.
    pub(super) fn reset(&mut self) {
        let Log { on, events } = self;
        *on = false;
        events.clear();
    }
}
