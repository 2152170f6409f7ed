//! The web server through its HTTP interface, as pages and programs use it.

mod common;
mod events;
mod limits;
mod play;
mod seats;
mod storage;
