//! The host end of the plugin interface: a core [`Hooks`](carcassonne_core::Hooks)
//! implementation over a plugin object ([`AbiHooks`], generated from the core's
//! hook table), the callback table it hands to plugins ([`HOST_VTABLE`],
//! generated from the interface's query table), and a
//! [`ProvidedPlugin`](crate::ProvidedPlugin) built from a descriptor
//! ([`AbiPlugin`]).
//!
//! Compiled-in and loaded plugins both arrive here as `PluginDescriptor`s and
//! `PluginObj`s, so every game with plugins runs through this one path; the
//! vocabulary types cross as they are.
//!
//! Architecture invariant: no callback unwinds and none trusts its arguments.
//! Every id a plugin passes is checked against the game; a bad one (or a change
//! from a read-only hook) returns a neutral value and records a fault in the
//! call's [`HostCtx`]; the adapter turns the fault into a `HookError` naming the
//! plugin, the hook and the call once the hook returns, and the engine restores
//! the state.

mod callbacks;
mod ctx;
mod hooks;
mod provider;

pub use callbacks::HOST_VTABLE;
pub use ctx::HostCtx;
pub use hooks::AbiHooks;
pub use provider::AbiPlugin;
