//! The web server through its HTTP interface, as pages and programs use it.

mod common;
mod copies;
mod events;
mod limits;
mod my_games;
mod network;
mod play;
mod seats;
mod seeds;
mod shutdown;
mod stand_in;
mod storage;
