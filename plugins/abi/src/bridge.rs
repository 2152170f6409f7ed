//! How hook arguments cross the boundary, one module per argument kind of the
//! hook table: `to_abi` (the host, core value → interface value) and `to_core`
//! (the SDK, interface value → core value). Values of kind `val` cross as they
//! are. Nothing here allocates once warm: slices are re-wrapped, output lists
//! travel in the host's `RVec` and are copied through a reused thread-local
//! buffer on the plugin's side.

use crate::*;

/// `&[T]` ↔ `RSlice<T>`.
pub mod slice {
    use super::*;

    /// Host side.
    #[inline]
    pub fn to_abi<'a, T, R>(x: &'a [T], f: impl FnOnce(RSlice<'a, T>) -> R) -> R {
        f(RSlice::from_slice(x))
    }

    /// Plugin side.
    #[inline]
    pub fn to_core<'a, T, R>(x: RSlice<'a, T>, f: impl FnOnce(&'a [T]) -> R) -> R {
        f(x.as_slice())
    }
}

/// `&mut [T]` ↔ `RSliceMut<T>`.
pub mod slice_mut {
    use super::*;

    /// Host side.
    #[inline]
    pub fn to_abi<'a, T, R>(x: &'a mut [T], f: impl FnOnce(RSliceMut<'a, T>) -> R) -> R {
        f(RSliceMut::from_mut_slice(x))
    }

    /// Plugin side.
    #[inline]
    pub fn to_core<'a, T, R>(x: RSliceMut<'a, T>, f: impl FnOnce(&'a mut [T]) -> R) -> R {
        f(x.into_mut_slice())
    }
}

/// An element type of an output list, with a reused buffer per thread.
pub trait Pooled: Copy + 'static {
    /// Runs `f` with an empty buffer (a fresh one when re-entered).
    fn with_pool<R>(f: impl FnOnce(&mut Vec<Self>) -> R) -> R;
}

macro_rules! pooled {
    ($($t:ty),*) => {$(
        impl Pooled for $t {
            fn with_pool<R>(f: impl FnOnce(&mut Vec<Self>) -> R) -> R {
                thread_local! {
                    static POOL: std::cell::RefCell<Vec<$t>> =
                        const { std::cell::RefCell::new(Vec::new()) };
                }
                POOL.with(|cell| match cell.try_borrow_mut() {
                    Ok(mut v) => {
                        v.clear();
                        f(&mut v)
                    }
                    Err(_) => f(&mut Vec::new()),
                })
            }
        }
    )*};
}

pooled!(FigureOption, u32, Outcome, PiecePlacement);

/// `&mut Vec<T>` ↔ `&mut RVec<T>`: an output list.
pub mod vec {
    use super::*;

    /// Host side: the list travels as an `RVec` made from the `Vec` without copying.
    #[inline]
    pub fn to_abi<T, R>(x: &mut Vec<T>, f: impl FnOnce(&mut RVec<T>) -> R) -> R {
        let mut r = RVec::from(std::mem::take(x));
        let out = f(&mut r);
        *x = r.into_vec();
        out
    }

    /// Plugin side: copied into a reused buffer and back.
    #[inline]
    pub fn to_core<T: Pooled, R>(x: &mut RVec<T>, f: impl FnOnce(&mut Vec<T>) -> R) -> R {
        T::with_pool(|buf| {
            buf.extend_from_slice(x);
            let out = f(buf);
            copy_back(x, buf);
            out
        })
    }

    /// Replaces the contents of `x` with `buf` in one copy (`RVec::extend_from_slice`
    /// pushes element by element).
    #[inline]
    fn copy_back<T: Copy>(x: &mut RVec<T>, buf: &[T]) {
        x.clear();
        x.reserve(buf.len());
        // SAFETY: `x` is empty with room for `buf.len()` elements (just reserved),
        // its buffer cannot overlap `buf` (a different allocation), and a `T: Copy`
        // needs no drop or clone.
        unsafe {
            std::ptr::copy_nonoverlapping(buf.as_ptr(), x.as_mut_ptr(), buf.len());
            x.set_len(buf.len());
        }
    }
}

/// `&mut String` ↔ `&mut RString`: output text.
pub mod string {
    use super::*;

    /// Host side.
    #[inline]
    pub fn to_abi<R>(x: &mut String, f: impl FnOnce(&mut RString) -> R) -> R {
        let mut r = RString::from(std::mem::take(x));
        let out = f(&mut r);
        *x = r.into_string();
        out
    }

    /// Plugin side.
    #[inline]
    pub fn to_core<R>(x: &mut RString, f: impl FnOnce(&mut String) -> R) -> R {
        let mut s = String::new();
        let out = f(&mut s);
        *x = RString::from(s);
        out
    }
}

/// `&ScoreInfo` ↔ `&AbiScoreInfo`.
pub mod info {
    use super::*;

    /// Host side.
    #[inline]
    pub fn to_abi<'b, R>(i: &ScoreInfo<'b>, f: impl FnOnce(&AbiScoreInfo<'b>) -> R) -> R {
        f(&AbiScoreInfo {
            feature: i.feature,
            kind: i.kind,
            reason: i.reason,
            complete: i.complete,
            tiles: i.tiles,
            pennants: i.pennants,
            cities: RSlice::from_slice(i.cities),
            fields: RSlice::from_slice(i.fields),
            field_winners: RSlice::from_slice(i.field_winners),
            figures: RSlice::from_slice(i.figures),
            strength: i.strength,
            value: i.value,
        })
    }

    /// Plugin side.
    #[inline]
    pub fn to_core<'b, R>(i: &AbiScoreInfo<'b>, f: impl FnOnce(&ScoreInfo<'b>) -> R) -> R {
        f(&ScoreInfo {
            feature: i.feature,
            kind: i.kind,
            reason: i.reason,
            complete: i.complete,
            tiles: i.tiles,
            pennants: i.pennants,
            cities: i.cities.as_slice(),
            fields: i.fields.as_slice(),
            field_winners: i.field_winners.as_slice(),
            figures: i.figures.as_slice(),
            strength: i.strength,
            value: i.value,
        })
    }
}

/// Wraps `$body` so that each listed hook argument is converted from its core type
/// to its interface type (host side), by kind; `val` arguments are left as they are.
#[doc(hidden)]
#[macro_export]
macro_rules! __to_abi {
    ([] $body:expr) => { $body };
    ([$arg:ident val $(, $($rest:tt)*)?] $body:expr) => {
        $crate::__to_abi!([$($($rest)*)?] $body)
    };
    ([$arg:ident $kind:ident $(, $($rest:tt)*)?] $body:expr) => {
        $crate::bridge::$kind::to_abi($arg, |$arg| $crate::__to_abi!([$($($rest)*)?] $body))
    };
}

/// Wraps `$body` so that each listed hook argument is converted from its interface
/// type to its core type (plugin side), by kind.
#[doc(hidden)]
#[macro_export]
macro_rules! __to_core {
    ([] $body:expr) => { $body };
    ([$arg:ident val $(, $($rest:tt)*)?] $body:expr) => {
        $crate::__to_core!([$($($rest)*)?] $body)
    };
    ([$arg:ident $kind:ident $(, $($rest:tt)*)?] $body:expr) => {
        $crate::bridge::$kind::to_core($arg, |$arg| $crate::__to_core!([$($($rest)*)?] $body))
    };
}
