//! The host's callbacks, one per entry of the interface's query table, and the
//! [`HOST_VTABLE`] handed to every plugin. Each checks the ids it is given (by
//! their type), calls the core's query or change of the same name, and converts
//! the result; see `carcassonne_plugin_abi::query_table!` for the modes. What a
//! callback lends (a slice of state words, a name) borrows the game for the
//! lifetime of the handle it was called with: the core's `View` and `Cx` lend
//! for their whole borrow of the game (`View::state_words`, the consuming
//! `Cx::state_words_mut`), and the context for the handle's.
//!
//! Each callback is an `unsafe extern "C" fn` (the host table's contract), so
//! this module may use unsafe code; the crate denies it elsewhere but in `ctx`
//! and the loader.
#![allow(unsafe_code)]

use super::ctx::{cb, HostCtx};
use carcassonne_core::types::*;
use carcassonne_core::{CoreOptions, FigureClass, Piece, Points, ScoreReason, Step};
use carcassonne_plugin_abi::{
    HostHandle, HostVTable, RErr, ROk, ROption, RResult, RSlice, RSliceMut, RStr, RString, RVec,
};

/// Checks one argument by its type: ids against the game, text converted.
macro_rules! arg {
    ($c:ident, $op:expr, (TileIndex), $a:ident) => {
        $c.tile($op, $a)?
    };
    ($c:ident, $op:expr, (FeatureId), $a:ident) => {
        $c.feature($op, $a)?
    };
    ($c:ident, $op:expr, (FigureId), $a:ident) => {
        $c.figure($op, $a)?
    };
    ($c:ident, $op:expr, (PlayerId), $a:ident) => {
        $c.player($op, $a)?
    };
    ($c:ident, $op:expr, (FigureKindId), $a:ident) => {
        $c.kind($op, $a)?
    };
    ($c:ident, $op:expr, (TileTypeId), $a:ident) => {
        $c.tile_type($op, $a)?
    };
    ($c:ident, $op:expr, (Location), $a:ident) => {
        $c.location($op, $a)?
    };
    ($c:ident, $op:expr, (AreaId), $a:ident) => {
        $c.area($op, $a)?
    };
    ($c:ident, $op:expr, (&str), $a:ident) => {
        $a.as_str()
    };
    ($c:ident, $op:expr, (&mut [FigureId]), $a:ident) => {
        $a.into_mut_slice()
    };
    ($c:ident, $op:expr, (&mut [FrontierSquare]), $a:ident) => {
        $a.into_mut_slice()
    };
    ($c:ident, $op:expr, ($($t:tt)*), $a:ident) => {
        $a
    };
}

/// The neutral value a callback returns when it fails, by mode.
macro_rules! neutral {
    (hook) => {
        RErr(RString::from("the host refused the call"))
    };
    (slice_mut) => {
        RSliceMut::from_mut_slice(&mut [])
    };
    (check_slice_mut) => {
        RSliceMut::from_mut_slice(&mut [])
    };
    ($mode:ident) => {
        Default::default()
    };
}

/// The call, by access and mode.
macro_rules! call {
    (view $mode:ident $c:ident $op:ident $name:ident ($($a:ident),*)) => {{
        let v = $c.view();
        call!(@$mode $c $op v.$name($($a),*))
    }};
    (cx $mode:ident $c:ident $op:ident $name:ident ($($a:ident),*)) => {{
        #[allow(unused_mut)] // the methods that lend consume the context
        let mut x = $c.cx($op)?;
        call!(@$mode $c $op x.$name($($a),*))
    }};
    (@get $c:ident $op:ident $e:expr) => { Some(From::from($e)) };
    (@check $c:ident $op:ident $e:expr) => {
        match $e {
            Some(v) => Some(From::from(v)),
            None => bad($c, $op),
        }
    };
    (@slice $c:ident $op:ident $e:expr) => { Some(RSlice::from_slice($e)) };
    (@check_slice $c:ident $op:ident $e:expr) => {
        match $e {
            Some(v) => Some(RSlice::from_slice(v)),
            None => bad($c, $op),
        }
    };
    (@slice_mut $c:ident $op:ident $e:expr) => { Some(RSliceMut::from_mut_slice($e)) };
    (@check_slice_mut $c:ident $op:ident $e:expr) => {
        match $e {
            Some(v) => Some(RSliceMut::from_mut_slice(v)),
            None => bad($c, $op),
        }
    };
    (@check_str $c:ident $op:ident $e:expr) => {
        match $e {
            Some(v) => Some(RStr::from_str(v)),
            None => bad($c, $op),
        }
    };
    (@hook $c:ident $op:ident $e:expr) => {
        match $e {
            Ok(v) => Some(ROk(From::from(v))),
            Err(e) => {
                let m = RString::from(e.to_string());
                $c.nested(e);
                Some(RErr(m))
            }
        }
    };
}

/// Records a call whose arguments name nothing (e.g. a local feature index past
/// the tile's features).
#[cold]
#[inline(never)]
fn bad<T>(c: &HostCtx<'_>, op: &str) -> Option<T> {
    c.misuse(format!("`{op}`: the arguments name nothing that exists"));
    None
}

macro_rules! callbacks {
    ($(
        $(#[doc = $doc:literal])*
        $access:ident $mode:ident $name:ident ( $($arg:ident : ($($cty:tt)*) => ($($aty:tt)*)),* )
            -> ($($cret:tt)*) => ($($aret:tt)*);
    )*) => {
        /// One callback per query.
        mod f {
            use super::*;
            $(
                /// # Safety
                /// The host table's contract: `_h` is the running hook's handle.
                pub(super) unsafe extern "C" fn $name(_h: HostHandle<'_> $(, $arg: $($aty)*)*) -> $($aret)* {
                    const OP: &str = stringify!($name);
                    // SAFETY: the function's contract.
                    unsafe { cb(_h, OP, || neutral!($mode), |c| {
                        $( let $arg = arg!(c, OP, ($($cty)*), $arg); )*
                        call!($access $mode c OP $name ($($arg),*))
                    }) }
                }
            )*
        }

        /// The callback table handed to every plugin.
        pub static HOST_VTABLE: HostVTable = HostVTable {
            $($name: f::$name,)*
        };
    };
}

carcassonne_plugin_abi::query_table!(callbacks);
