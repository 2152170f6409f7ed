//! The `#[plugin]` attribute of `carcassonne-plugin-sdk`. Use it through the SDK
//! (`carcassonne_plugin_sdk::plugin`); see the SDK's documentation.
//!
//! On `impl Plugin for MyPlugin { ... }` it records the names of the methods the
//! impl defines (the SDK derives the hooks the plugin implements from them, so a
//! hook is registered by implementing it and none can be forgotten) and
//! registers the plugin with the binary or library that links the crate (a
//! generic impl, `impl<M: Mark> Plugin for Shell<M>`, is a shell that several
//! plugins share: its instances are registered one by one with
//! `register_plugin!(Shell<Inn>)`).
//! It needs nothing but the compiler's `proc_macro` (no parser crates).

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

fn error(msg: &str, span: Span) -> TokenStream {
    let mut lit = Literal::string(msg);
    lit.set_span(span);
    let mut out: Vec<TokenTree> = vec![
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        Ident::new("core", span).into(),
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        Ident::new("compile_error", span).into(),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
    ];
    out.push(Group::new(Delimiter::Parenthesis, TokenTree::from(lit).into()).into());
    out.push(Punct::new(';', Spacing::Alone).into());
    out.into_iter().collect()
}

/// Marks the `impl Plugin for X` block of a carcassonne plugin: the hooks it
/// implements are the hook methods it defines, and `X` is registered (unless
/// the impl is generic: register each instance with `register_plugin!`).
#[proc_macro_attribute]
pub fn plugin(attr: TokenStream, item: TokenStream) -> TokenStream {
    if let Some(t) = attr.into_iter().next() {
        return error("`#[plugin]` takes no arguments", t.span());
    }
    let tokens: Vec<TokenTree> = item.into_iter().collect();
    let Some(TokenTree::Group(body)) = tokens.last() else {
        return error(
            "`#[plugin]` goes on an `impl Plugin for MyPlugin { ... }` block",
            Span::call_site(),
        );
    };
    if body.delimiter() != Delimiter::Brace {
        return error("expected the body of an impl block", body.span());
    }
    let is_impl = matches!(tokens.first(), Some(TokenTree::Ident(i)) if i.to_string() == "impl");
    let for_at = tokens
        .iter()
        .position(|t| matches!(t, TokenTree::Ident(i) if i.to_string() == "for"));
    let (true, Some(for_at)) = (is_impl, for_at) else {
        return error(
            "`#[plugin]` goes on an `impl Plugin for MyPlugin { ... }` block",
            body.span(),
        );
    };
    // The self type: the tokens between `for` and the body, up to a `where`.
    let ty: TokenStream = tokens[for_at + 1..tokens.len() - 1]
        .iter()
        .take_while(|t| !matches!(t, TokenTree::Ident(i) if i.to_string() == "where"))
        .cloned()
        .collect();
    // The names of the methods defined at the top level of the body.
    let inner: Vec<TokenTree> = body.stream().into_iter().collect();
    let mut names = Vec::new();
    for w in inner.windows(2) {
        if let (TokenTree::Ident(f), TokenTree::Ident(n)) = (&w[0], &w[1]) {
            if f.to_string() == "fn" {
                names.push(n.to_string());
            }
        }
    }
    let list = names
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let extra: TokenStream =
        format!("#[doc(hidden)] const IMPLEMENTED: &'static [&'static str] = &[{list}];")
            .parse()
            .unwrap_or_default();
    let mut new_body: TokenStream = body.stream();
    new_body.extend(extra);
    let mut out: Vec<TokenTree> = tokens[..tokens.len() - 1].to_vec();
    let mut g = Group::new(Delimiter::Brace, new_body);
    g.set_span(body.span());
    out.push(g.into());
    let mut out: TokenStream = out.into_iter().collect();
    // A generic impl is a shell for several plugins: nothing to register here.
    let generic = matches!(tokens.get(1), Some(TokenTree::Punct(p)) if p.as_char() == '<');
    if generic {
        return out;
    }
    let reg: TokenStream = format!("::carcassonne_plugin_sdk::register_plugin!({ty});")
        .parse()
        .unwrap_or_default();
    out.extend(reg);
    out
}
