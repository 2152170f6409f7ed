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
    // The names of the methods defined at the top level of the body, each
    // with the `#[cfg(...)]` predicates of its attributes.
    let inner: Vec<TokenTree> = body.stream().into_iter().collect();
    let methods = methods(&inner);
    let extra: TokenStream = implemented(&methods).parse().unwrap_or_default();
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

/// The methods an impl body defines at its top level: each one's name and the
/// predicates of its `#[cfg(...)]` attributes (as text). An attribute belongs
/// to the next item; an item ends with its braced body or a `;`.
fn methods(inner: &[TokenTree]) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut cfgs = Vec::new();
    let mut i = 0;
    while i < inner.len() {
        match &inner[i] {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                if let Some(TokenTree::Group(g)) = inner.get(i + 1) {
                    if g.delimiter() == Delimiter::Bracket {
                        let attr: Vec<TokenTree> = g.stream().into_iter().collect();
                        cfg_predicates(&attr, None, &mut cfgs);
                        i += 2;
                        continue;
                    }
                }
            }
            TokenTree::Ident(f) if f.to_string() == "fn" => {
                if let Some(TokenTree::Ident(n)) = inner.get(i + 1) {
                    out.push((n.to_string(), std::mem::take(&mut cfgs)));
                }
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => cfgs.clear(),
            TokenTree::Punct(p) if p.as_char() == ';' => cfgs.clear(),
            _ => {}
        }
        i += 1;
    }
    out
}

/// The `cfg` predicates an attribute's tokens (`cfg(q)`, or `cfg_attr(p,
/// …)` holding `cfg(q)` attributes, nested or not) put on its item, into
/// `out`: `q`, or `any(not(p), q)` under `cfg_attr(p, …)` (the item is
/// compiled out when `p` holds and `q` does not). `under` is when the
/// enclosing `cfg_attr`s apply (their predicates, all of them).
fn cfg_predicates(attr: &[TokenTree], under: Option<&str>, out: &mut Vec<String>) {
    let [TokenTree::Ident(name), TokenTree::Group(args)] = attr else {
        return;
    };
    let within = |q: String| match under {
        Some(p) => format!("any(not({p}), {q})"),
        None => q,
    };
    match name.to_string().as_str() {
        "cfg" => out.push(within(args.stream().to_string())),
        "cfg_attr" => {
            // `p, a1, a2, …`: split at the top level's commas.
            let mut parts: Vec<Vec<TokenTree>> = vec![Vec::new()];
            for t in args.stream() {
                match &t {
                    TokenTree::Punct(c) if c.as_char() == ',' => parts.push(Vec::new()),
                    _ => parts.last_mut().expect("one part at least").push(t),
                }
            }
            let Some((p, attrs)) = parts.split_first() else {
                return;
            };
            let p: TokenStream = p.iter().cloned().collect();
            let applies = match under {
                Some(u) => format!("all({u}, {p})"),
                None => p.to_string(),
            };
            for a in attrs {
                cfg_predicates(a, Some(&applies), out);
            }
        }
        _ => {}
    }
}

/// The `IMPLEMENTED` item of the impl: the names of its methods, a method
/// compiled out by its `#[cfg]` attributes as an empty name (no hook), so
/// that a hook left out of a build is not subscribed.
fn implemented(methods: &[(String, Vec<String>)]) -> String {
    let mut consts = String::new();
    let mut list = Vec::new();
    for (k, (name, cfgs)) in methods.iter().enumerate() {
        if cfgs.is_empty() {
            list.push(format!("{name:?}"));
            continue;
        }
        let all = format!("all({})", cfgs.join(", "));
        consts.push_str(&format!(
            "#[cfg({all})] const M{k}: &str = {name:?}; #[cfg(not({all}))] const M{k}: &str = \"\";"
        ));
        list.push(format!("M{k}"));
    }
    format!(
        "#[doc(hidden)] const IMPLEMENTED: &'static [&'static str] = {{ {consts} &[{}] }};",
        list.join(", ")
    )
}
