//! What the macro can tell about a field's type from its syntax: which node
//! kind it maps to (to refuse a keyword that does not apply, with the
//! macro's own message), whether it is something the subset cannot express,
//! and whether it names the type being derived.
//!
//! Syntax can be fooled (a type alias, a user type named `Vec`), so nothing
//! here is the last word: the generated code also asks the type system
//! (`ToolArgsNode::Kind`), and an unknown type is left to it.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{GenericArgument, Ident, PathArguments, Type, TypePath};

/// The node kind a type maps to, as far as its syntax tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A string; `char` is one character long.
    String {
        is_char: bool,
    },
    /// An integer type, with its own range.
    Integer {
        name: &'static str,
        min: i128,
        max: i128,
    },
    Number,
    Boolean,
    /// An array; `[T; N]` has a fixed length.
    Array {
        fixed: bool,
    },
    /// Anything else: a derived type, an alias, a generic parameter.
    Unknown,
}

impl Shape {
    /// How a message names the kind.
    pub fn describe(self) -> &'static str {
        match self {
            Shape::String { is_char: true } => "a `char` (a string of one character)",
            Shape::String { is_char: false } => "a string",
            Shape::Integer { .. } => "an integer",
            Shape::Number => "a number",
            Shape::Boolean => "a boolean",
            Shape::Array { .. } => "an array",
            Shape::Unknown => "of a kind the macro cannot see",
        }
    }
}

const INTEGERS: [(&str, i128, i128); 12] = [
    ("u8", 0, u8::MAX as i128),
    ("u16", 0, u16::MAX as i128),
    ("u32", 0, u32::MAX as i128),
    ("u64", 0, u64::MAX as i128),
    ("u128", 0, u64::MAX as i128),
    ("usize", 0, u64::MAX as i128),
    ("i8", i8::MIN as i128, i8::MAX as i128),
    ("i16", i16::MIN as i128, i16::MAX as i128),
    ("i32", i32::MIN as i128, i32::MAX as i128),
    ("i64", i64::MIN as i128, i64::MAX as i128),
    ("i128", i64::MIN as i128, u64::MAX as i128),
    ("isize", i64::MIN as i128, i64::MAX as i128),
];

/// Wrappers whose node is their (first) type argument's.
const TRANSPARENT_WRAPPERS: [&str; 5] = ["Option", "Box", "Rc", "Arc", "Cow"];
const SEQUENCES: [&str; 6] = [
    "Vec",
    "VecDeque",
    "LinkedList",
    "BinaryHeap",
    "HashSet",
    "BTreeSet",
];
const MAPS: [&str; 4] = ["HashMap", "BTreeMap", "IndexMap", "Map"];

/// The last segment of a plain path type, with its type arguments.
fn last_segment(ty: &Type) -> Option<(&Ident, Vec<&Type>)> {
    let Type::Path(TypePath {
        qself: None, path, ..
    }) = ty
    else {
        return None;
    };
    let segment = path.segments.last()?;
    let args = match &segment.arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some((&segment.ident, args))
}

/// `ty` without the wrappers that do not change its node (`Option`, `Box`,
/// `Rc`, `Arc`, `Cow`, references, parentheses).
pub fn peel(ty: &Type) -> &Type {
    match ty {
        Type::Reference(reference) => peel(&reference.elem),
        Type::Paren(paren) => peel(&paren.elem),
        Type::Group(group) => peel(&group.elem),
        _ => match last_segment(ty) {
            Some((ident, args))
                if TRANSPARENT_WRAPPERS.iter().any(|w| ident == w) && args.len() == 1 =>
            {
                peel(args[0])
            }
            _ => ty,
        },
    }
}

/// Whether `ty` is written as an `Option<T>`, which serde reads as `None`
/// when the property is missing.
pub fn is_option(ty: &Type) -> bool {
    matches!(last_segment(ty), Some((ident, args)) if ident == "Option" && args.len() == 1)
}

/// The types a wrapper, a sequence or an array holds, whose nodes make up
/// `ty`'s; `None` for any other type.
fn contents(ty: &Type) -> Option<Vec<&Type>> {
    match ty {
        Type::Reference(r) => Some(vec![&r.elem]),
        Type::Paren(p) => Some(vec![&p.elem]),
        Type::Group(g) => Some(vec![&g.elem]),
        Type::Array(a) => Some(vec![&a.elem]),
        Type::Slice(s) => Some(vec![&s.elem]),
        _ => match last_segment(ty) {
            Some((ident, args))
                if args.len() == 1
                    && (TRANSPARENT_WRAPPERS.iter().any(|w| ident == w)
                        || SEQUENCES.iter().any(|s| ident == s)) =>
            {
                Some(args)
            }
            _ => None,
        },
    }
}

/// Where an `Option` is written inside `ty`, below its outermost type (in a
/// `Vec`, a `Box`, another `Option`): serde writes its `None` as `null`
/// there, and no `skip_serializing_if` can leave it out.
pub fn inner_option(ty: &Type) -> Option<Span> {
    if let Type::Paren(syn::TypeParen { elem, .. }) | Type::Group(syn::TypeGroup { elem, .. }) = ty
    {
        return inner_option(elem);
    }
    contents(ty)?.into_iter().find_map(|inner| {
        if is_option(inner) {
            Some(inner.span())
        } else {
            inner_option(inner)
        }
    })
}

/// [`unseen`] below `ty`'s outermost type.
pub fn unseen_inside(ty: &Type) -> Vec<&Type> {
    contents(ty)
        .unwrap_or_default()
        .into_iter()
        .flat_map(unseen)
        .collect()
}

/// The parts of `ty` whose node its syntax does not tell (a derived type,
/// an alias, a generic parameter), looking through wrappers and sequences:
/// the generated code asks the type system about them.
pub fn unseen(ty: &Type) -> Vec<&Type> {
    match contents(ty) {
        Some(inner) => inner.into_iter().flat_map(unseen).collect(),
        None if shape(ty) == Shape::Unknown => vec![ty],
        None => Vec::new(),
    }
}

/// The node kind of `ty`, as far as its syntax tells.
pub fn shape(ty: &Type) -> Shape {
    let ty = peel(ty);
    match ty {
        Type::Array(_) => return Shape::Array { fixed: true },
        Type::Slice(_) => return Shape::Array { fixed: false },
        _ => {}
    }
    let Some((ident, args)) = last_segment(ty) else {
        return Shape::Unknown;
    };
    let name = ident.to_string();
    if let Some(&(name, min, max)) = INTEGERS.iter().find(|(n, ..)| *n == name) {
        return Shape::Integer { name, min, max };
    }
    match name.as_str() {
        "String" | "str" | "PathBuf" => Shape::String { is_char: false },
        "char" => Shape::String { is_char: true },
        "bool" => Shape::Boolean,
        "f32" | "f64" => Shape::Number,
        _ if SEQUENCES.contains(&name.as_str()) && args.len() == 1 => Shape::Array { fixed: false },
        _ => Shape::Unknown,
    }
}

/// A part of `ty` that the subset cannot express, with why, looking through
/// the wrappers and sequences whose items the schema describes.
pub fn unsupported(ty: &Type) -> Option<(Span, String)> {
    match ty {
        Type::Reference(r) => return unsupported(&r.elem),
        Type::Paren(p) => return unsupported(&p.elem),
        Type::Group(g) => return unsupported(&g.elem),
        Type::Array(a) => return unsupported(&a.elem),
        Type::Slice(s) => return unsupported(&s.elem),
        Type::Tuple(tuple) if tuple.elems.is_empty() => {
            return Some((
                ty.span(),
                "`()` reads only `null`, which the Pedelec argsSchema subset has no node \
                 for; leave the field out"
                    .to_owned(),
            ))
        }
        Type::Tuple(_) => {
            return Some((
                ty.span(),
                "a tuple is a JSON array of mixed items, which the Pedelec argsSchema subset \
                 cannot describe (an array has one `items` node); use a struct with named \
                 fields"
                    .to_owned(),
            ))
        }
        _ => {}
    }
    let (ident, args) = last_segment(ty)?;
    let Type::Path(path) = ty else { return None };
    let name = ident.to_string();
    let written = path_text(&path.path);
    if is_json_value(&path.path) {
        let own = if path.path.segments.len() == 1 {
            " (if this `Value` is a type of your own, name it by a path such as `crate::Value`)"
        } else {
            ""
        };
        return Some((
            ty.span(),
            format!(
                "`{written}` accepts any JSON, which the Pedelec argsSchema subset cannot describe \
                 (a node has one type); give the field a concrete type, or an enum that \
                 derives `ToolArgs` for the shapes it may take{own}"
            ),
        ));
    }
    if MAPS.contains(&name.as_str()) && (name != "Map" || mentions(&path.path, "serde_json")) {
        return Some((
            ty.span(),
            format!(
                "`{written}` is an object with arbitrary keys, which the Pedelec argsSchema subset \
                 cannot describe (it has no `additionalProperties`); use a struct with named \
                 fields, or a `Vec` of structs with a `key` field"
            ),
        ));
    }
    let looks_through =
        TRANSPARENT_WRAPPERS.contains(&name.as_str()) || SEQUENCES.contains(&name.as_str());
    if looks_through {
        return args.into_iter().find_map(unsupported);
    }
    None
}

/// A path as written, without its generic arguments.
fn path_text(path: &syn::Path) -> String {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let prefix = if path.leading_colon.is_some() {
        "::"
    } else {
        ""
    };
    format!("{prefix}{}", segments.join("::"))
}

/// `serde_json::Value`, or a bare `Value` (most often imported from
/// serde_json; a type of your own called `Value` can be named by a path
/// such as `crate::Value`).
fn is_json_value(path: &syn::Path) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(
        segments.iter().map(String::as_str).collect::<Vec<_>>()[..],
        ["Value"] | ["serde_json", "Value"]
    )
}

fn mentions(path: &syn::Path, name: &str) -> bool {
    path.segments.iter().any(|s| s.ident == name)
}

/// Where `ty` names the type being derived (`Self`, or its own name),
/// anywhere inside it: a type that contains itself has no schema without
/// `$ref`.
pub fn self_reference(ty: &Type, own: &Ident) -> Option<Span> {
    let mut finder = SelfFinder { own, found: None };
    syn::visit::visit_type(&mut finder, ty);
    finder.found
}

struct SelfFinder<'a> {
    own: &'a Ident,
    found: Option<Span>,
}

impl<'ast> syn::visit::Visit<'ast> for SelfFinder<'_> {
    fn visit_type_path(&mut self, node: &'ast TypePath) {
        if self.found.is_none() && node.qself.is_none() {
            let segments: Vec<&Ident> = node.path.segments.iter().map(|s| &s.ident).collect();
            let is_self = match segments[..] {
                [one] => one == "Self" || one == self.own,
                [first, second] => (first == "self" || first == "crate") && second == self.own,
                _ => false,
            };
            if is_self {
                self.found = Some(node.span());
                return;
            }
        }
        syn::visit::visit_type_path(self, node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn wrappers_are_looked_through() {
        let ty: Type = parse_quote!(Option<Box<Cow<'a, str>>>);
        assert_eq!(shape(&ty), Shape::String { is_char: false });
        let ty: Type = parse_quote!(&'a [u8]);
        assert_eq!(shape(&ty), Shape::Array { fixed: false });
        let ty: Type = parse_quote!(Option<[char; 4]>);
        assert_eq!(shape(&ty), Shape::Array { fixed: true });
    }

    #[test]
    fn options_are_seen_by_their_name() {
        assert!(is_option(&parse_quote!(std::option::Option<Slug>)));
        assert!(!is_option(&parse_quote!(Vec<Option<Slug>>)));
        assert!(!is_option(&parse_quote!(Slug)));
    }

    #[test]
    fn options_below_the_outermost_type_are_found() {
        for ty in [
            parse_quote!(Vec<Option<u8>>),
            parse_quote!(Option<Option<String>>),
            parse_quote!(Box<Option<Slug>>),
            parse_quote!(&'a [Option<u8>; 2]),
        ] {
            assert!(inner_option(&ty).is_some(), "{}", quote::quote!(#ty));
        }
        for ty in [
            parse_quote!(Option<Vec<u8>>),
            parse_quote!((Option<u8>)),
            parse_quote!(Wrapper<Option<u8>>),
        ] {
            assert!(inner_option(&ty).is_none(), "{}", quote::quote!(#ty));
        }
    }

    #[test]
    fn the_parts_syntax_cannot_tell_are_listed() {
        let ty: Type = parse_quote!(Option<Vec<Box<T>>>);
        assert_eq!(unseen(&ty).len(), 1);
        let ty: Type = parse_quote!(Maybe<u8>);
        assert_eq!(unseen(&ty).len(), 1);
        let ty: Type = parse_quote!(Vec<Cow<'a, str>>);
        assert!(unseen(&ty).is_empty());
        let ty: Type = parse_quote!(Maybe<u8>);
        assert!(unseen_inside(&ty).is_empty());
    }

    #[test]
    fn integers_carry_their_range() {
        let ty: Type = parse_quote!(std::primitive::u8);
        assert_eq!(
            shape(&ty),
            Shape::Integer {
                name: "u8",
                min: 0,
                max: 255
            }
        );
    }

    #[test]
    fn unknown_types_are_left_to_the_type_system() {
        for ty in [
            parse_quote!(Point),
            parse_quote!(T),
            parse_quote!(Vec<u8, A, B>),
        ] {
            assert_eq!(shape(&ty), Shape::Unknown);
        }
    }

    #[test]
    fn maps_and_values_are_found_inside_containers() {
        let refused: [Type; 5] = [
            parse_quote!(serde_json::Value),
            parse_quote!(Option<Vec<HashMap<String, u8>>>),
            parse_quote!(serde_json::Map<String, Value>),
            parse_quote!((u8, String)),
            parse_quote!([BTreeMap<String, u8>; 2]),
        ];
        for ty in refused {
            assert!(unsupported(&ty).is_some(), "{}", quote::quote!(#ty));
        }
        let fine: [Type; 3] = [
            parse_quote!(crate::Value),
            parse_quote!(Vec<Point>),
            parse_quote!(my::Map),
        ];
        for ty in fine {
            assert!(unsupported(&ty).is_none(), "{}", quote::quote!(#ty));
        }
    }

    #[test]
    fn self_references_are_found_anywhere() {
        let own: Ident = parse_quote!(Node);
        for ty in [
            parse_quote!(Vec<Node>),
            parse_quote!(Option<Box<Self>>),
            parse_quote!(Wrapper<crate::Node>),
        ] {
            assert!(self_reference(&ty, &own).is_some());
        }
        let other: Type = parse_quote!(other::Node);
        assert!(self_reference(&other, &own).is_none());
    }
}
