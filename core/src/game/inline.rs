//! A small buffer of `Copy` elements kept inside the state ([`Inline`]): the
//! game's small per-player and per-type arrays, which a clone then copies
//! with the state's own bytes instead of allocating a buffer for each.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// `Inline::len` of a buffer whose elements are in `heap`.
const SPILLED: usize = usize::MAX;

/// A growable array of up to `N` elements kept inline; longer ones move to
/// the heap (and stay there, reusing that buffer, until cleared). Reads go
/// through its slice ([`Deref`]). A clone of an inline one allocates
/// nothing; [`Clone::clone_from`] reuses the destination's heap buffer.
pub(super) struct Inline<T: Copy + Default, const N: usize> {
    /// The number of elements in `buf`, or [`SPILLED`] when they are in `heap`.
    len: usize,
    buf: [T; N],
    /// The elements once more than `N` (empty otherwise; it keeps its
    /// capacity across [`Inline::clear`]).
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Inline<T, N> {
    /// An empty buffer.
    pub(super) fn new() -> Self {
        Inline {
            len: 0,
            buf: [T::default(); N],
            heap: Vec::new(),
        }
    }

    /// Removes every element (a heap buffer keeps its capacity).
    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.heap.clear();
    }

    /// Moves the elements to the heap (if they are not there yet).
    #[cold]
    fn spill(&mut self) {
        if self.len != SPILLED {
            self.heap.clear();
            self.heap.extend_from_slice(&self.buf[..self.len]);
            self.len = SPILLED;
        }
    }

    /// Appends `x`.
    #[inline]
    pub(super) fn push(&mut self, x: T) {
        if self.len < N {
            self.buf[self.len] = x;
            self.len += 1;
        } else {
            self.spill();
            self.heap.push(x);
        }
    }

    /// Inserts `x` at `k` (at most the length), shifting the later ones.
    pub(super) fn insert(&mut self, k: usize, x: T) {
        if self.len < N {
            assert!(k <= self.len, "insertion index out of bounds");
            self.buf.copy_within(k..self.len, k + 1);
            self.buf[k] = x;
            self.len += 1;
        } else {
            self.spill();
            self.heap.insert(k, x);
        }
    }

    /// Makes it hold `n` copies of `x`.
    pub(super) fn refill(&mut self, n: usize, x: T) {
        self.clear();
        if n <= N {
            self.buf[..n].fill(x);
            self.len = n;
        } else {
            self.heap.resize(n, x);
            self.len = SPILLED;
        }
    }

    /// Keeps only the elements for which `keep` holds, in order.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        if self.len == SPILLED {
            self.heap.retain(keep);
        } else {
            let mut k = 0;
            for i in 0..self.len {
                let x = self.buf[i];
                if keep(&x) {
                    self.buf[k] = x;
                    k += 1;
                }
            }
            self.len = k;
        }
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for Inline<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<T: Copy + Default, const N: usize> Default for Inline<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for Inline<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        if self.len <= N {
            &self.buf[..self.len]
        } else {
            &self.heap
        }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for Inline<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.buf[..self.len]
        } else {
            &mut self.heap
        }
    }
}

impl<T: Copy + Default, const N: usize> Clone for Inline<T, N> {
    /// Copies the inline elements; allocates only for spilled ones.
    #[inline]
    fn clone(&self) -> Self {
        Inline {
            len: self.len,
            buf: self.buf,
            heap: self.heap.clone(),
        }
    }

    /// Reuses this buffer's heap buffer for spilled elements.
    #[inline]
    fn clone_from(&mut self, src: &Self) {
        self.len = src.len;
        self.buf = src.buf;
        self.heap.clone_from(&src.heap);
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for Inline<T, N> {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for Inline<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation gives what a `Vec` gives, inline and spilled.
    #[test]
    fn behaves_as_a_vec() {
        let mut a: Inline<u16, 4> = Inline::new();
        let mut v: Vec<u16> = Vec::new();
        for x in [5, 1, 7, 3, 9, 2] {
            a.push(x);
            v.push(x);
            assert_eq!(&*a, &v[..]);
            let b = a.clone();
            assert_eq!(&*b, &v[..]);
        }
        a.retain(|&x| x > 2);
        v.retain(|&x| x > 2);
        assert_eq!(&*a, &v[..]);
        a.clear();
        v.clear();
        a.extend([4, 8]);
        v.extend([4, 8]);
        a.insert(1, 6);
        v.insert(1, 6);
        a.retain(|&x| x != 4);
        v.retain(|&x| x != 4);
        assert_eq!(&*a, &v[..]);
        a.insert(0, 1);
        a.insert(3, 9);
        a.insert(2, 7);
        v.insert(0, 1);
        v.insert(3, 9);
        v.insert(2, 7);
        assert_eq!(&*a, &v[..]);
        a.refill(3, 2);
        assert_eq!(&*a, &[2, 2, 2]);
        a.refill(6, 1);
        assert_eq!(&*a, &[1; 6]);
        a.clear();
        a.extend([3, 4]);
        a[1] += 1;
        assert_eq!(&*a, &[3, 5]);
        let mut c: Inline<u16, 4> = Inline::new();
        c.extend([1, 2, 3, 4, 5]);
        c.clone_from(&a);
        assert_eq!(c, a);
        a.clone_from(&c);
        assert_eq!(format!("{a:?}"), "[3, 5]");
    }
}
