//! JSON -> model, reporting every problem at once.
//!
//! The parser is the one gatekeeper of the subset: a schema parsed from JSON
//! and a schema built in Rust (serialized, then parsed) pass the same checks.
//! It never stops at the first problem. A node with a problem is not built,
//! but its keywords and children are still checked, so one run reports
//! everything; where a node lacks a usable `type`, the kind its keywords
//! imply is assumed for the rest of its checks.
//!
//! Nodes may nest at most [`MAX_DEPTH`] deep, which bounds the recursion of
//! every walk over a schema (parsing, validation, lint) whatever the input.

use serde_json::{Number, Value};

use crate::diagnostic::{Code, Diagnostic};
use crate::fields::Fields;
use crate::keywords::{self, KeywordClass};
use crate::message::Described;
use crate::numeric;
use crate::pattern::Pattern;
use crate::pointer;
use crate::schema::{
    ArrayNode, BooleanNode, Metadata, NodeKind, NumberNode, ObjectNode, OneOfNode, Property,
    SchemaNode, StringNode,
};

/// How deep nodes may nest: the root is depth 1, its properties depth 2.
/// Tool arguments are small, flat structures; this is far above any real one.
pub const MAX_DEPTH: usize = 64;

/// Called for every node that was built without errors, children first,
/// with the node's pointer. Lint uses it to add its warnings.
pub(crate) type NodeHook = fn(&SchemaNode, &str, &mut Vec<Diagnostic>);

/// Parses a root schema. Returns the root when there were no errors, and
/// every diagnostic (the hook's warnings included) either way.
pub(crate) fn parse_root(
    value: &Value,
    hook: Option<NodeHook>,
) -> (Option<ObjectNode>, Vec<Diagnostic>) {
    let mut parser = Parser {
        diagnostics: Vec::new(),
        // Room for the pointers of most schemas, so that descending into
        // them does not grow it step by step.
        pointer: String::with_capacity(128),
        errors: 0,
        hook,
    };
    let root = parser.node(value, 1, true);
    let root = match root {
        Some(SchemaNode::Object(object)) if parser.errors == 0 => Some(object),
        _ => None,
    };
    (root, parser.diagnostics)
}

struct Parser {
    diagnostics: Vec<Diagnostic>,
    /// Where the parser is: a JSON Pointer into the schema.
    pointer: String,
    errors: usize,
    hook: Option<NodeHook>,
}

impl Parser {
    fn report(&mut self, code: Code, message: String) {
        if code.severity() == crate::Severity::Error {
            self.errors += 1;
        }
        self.diagnostics
            .push(Diagnostic::new(code, self.pointer.clone(), message));
    }

    /// Runs `f` with the pointer moved to `key` (one reference token).
    fn at<R>(&mut self, key: &str, f: impl FnOnce(&mut Self) -> R) -> R {
        let len = self.pointer.len();
        pointer::push(&mut self.pointer, key);
        let result = f(self);
        self.pointer.truncate(len);
        result
    }

    fn at_index<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> R {
        let len = self.pointer.len();
        pointer::push_index(&mut self.pointer, index);
        let result = f(self);
        self.pointer.truncate(len);
        result
    }

    fn report_at(&mut self, key: &str, code: Code, message: String) {
        self.at(key, |p| p.report(code, message));
    }

    fn node(&mut self, value: &Value, depth: usize, is_root: bool) -> Option<SchemaNode> {
        if depth > MAX_DEPTH {
            self.report(
                Code::TooDeep,
                format!(
                    "nodes nest more than {MAX_DEPTH} deep here; flatten the arguments \
                     (tool arguments should be small enough to inspect and log)"
                ),
            );
            return None;
        }
        let map = &match value {
            Value::Object(map) => Fields::new(map),
            Value::Bool(b) => {
                self.report(
                    Code::BooleanSchema,
                    format!(
                        "`{b}` is a boolean schema; the subset needs a node object here, \
                         such as {{\"type\": \"string\"}}"
                    ),
                );
                return None;
            }
            other => {
                self.report(
                    Code::NotANode,
                    format!(
                        "expected a node (a JSON object such as {{\"type\": \"string\"}}), \
                         found {}",
                        Described(other)
                    ),
                );
                return None;
            }
        };
        let errors_before = self.errors;
        let kind = self.kind(map, is_root);
        if kind.is_none() {
            self.check_untyped_enum(map);
        }
        self.check_keys(map, kind);
        let meta = self.metadata(map);
        let node = kind.and_then(|kind| self.body(kind, map, meta, depth));
        if self.errors > errors_before {
            return None;
        }
        let node = node?;
        if let Some(hook) = self.hook {
            hook(&node, &self.pointer, &mut self.diagnostics);
        }
        Some(node)
    }

    /// The node's kind, from `type` or `oneOf`, reporting what is wrong with
    /// them; when the kind is missing or invalid, the kind the keywords
    /// imply (the node is in error then, but its keywords are still checked).
    fn kind(&mut self, map: &Fields<'_>, is_root: bool) -> Option<NodeKind> {
        let declared = match (map.get("type"), map.contains_key("oneOf")) {
            (Some(_), true) => {
                self.report_at(
                    "type",
                    Code::OneOfSiblings,
                    "`type` cannot stand beside `oneOf`: give each branch its own `type`"
                        .to_owned(),
                );
                Some(NodeKind::OneOf)
            }
            (None, true) => Some(NodeKind::OneOf),
            (Some(type_value), false) => self.at("type", |p| p.type_name(type_value)),
            (None, false) => None,
        };
        let kind = declared.or_else(|| infer_kind(map));
        if declared.is_none() && !map.contains_key("type") {
            self.report_missing_type(map, kind, is_root);
        } else if is_root && declared.is_some_and(|kind| kind != NodeKind::Object) {
            self.report(
                Code::RootNotObject,
                format!(
                    "the root of an argsSchema must be an object node, {{\"type\": \"object\", \
                     \"properties\": {{...}}}}, not {}; put the value in a property",
                    kind.map_or("this", NodeKind::as_str)
                ),
            );
        }
        kind
    }

    fn report_missing_type(&mut self, map: &Fields<'_>, inferred: Option<NodeKind>, is_root: bool) {
        if is_root {
            self.report(
                Code::RootNotObject,
                "the root has no `type`: an argsSchema is always \
                 {\"type\": \"object\", \"properties\": {...}, \"required\": [...]}"
                    .to_owned(),
            );
            return;
        }
        let advice = match (inferred, map.get("enum")) {
            (Some(kind), _) => format!("add \"type\": \"{kind}\""),
            (None, Some(Value::Array(values))) if !values.is_empty() => {
                "an `enum` must hold values of one type (string, number or boolean), \
                 so that the node can say it with `type`; split mixed values into `oneOf` branches"
                    .to_owned()
            }
            _ => "add a `type` (string, number, integer, boolean, array or object), \
                  or make the node a `oneOf`"
                .to_owned(),
        };
        self.report(
            Code::MissingType,
            format!("this node has neither `type` nor `oneOf`: {advice}"),
        );
    }

    /// An `enum` on a node whose kind is unknown: values no node kind of the
    /// subset can list are errors of their own.
    fn check_untyped_enum(&mut self, map: &Fields<'_>) {
        let Some(Value::Array(values)) = map.get("enum") else {
            return;
        };
        self.at("enum", |p| {
            for (index, value) in values.iter().enumerate() {
                if matches!(value, Value::Null | Value::Array(_) | Value::Object(_)) {
                    p.at_index(index, |p| {
                        p.report(
                            Code::EnumTypeMismatch,
                            format!(
                                "`enum` values must be strings, numbers or booleans, found {}: \
                                 the subset has no null, and no enum of arrays or objects",
                                Described(value)
                            ),
                        )
                    });
                }
            }
        });
    }

    /// Reads a `type` value; the pointer is at `/type`.
    fn type_name(&mut self, value: &Value) -> Option<NodeKind> {
        let message = match value {
            Value::String(name) => match NodeKind::from_type_name(name) {
                Some(kind) => return Some(kind),
                None if name == "null" => "the subset has no null type: to make a value optional, \
                     leave its property out of `required`"
                    .to_owned(),
                None => format!(
                    "`{name}` is not a type of the subset; use string, number, integer, \
                     boolean, array or object"
                ),
            },
            Value::Array(_) => "`type` must be a single type name: for a value of one of \
                 several types use `oneOf` with one branch per type; for an optional value, \
                 leave its property out of `required` instead of adding \"null\""
                .to_owned(),
            other => format!(
                "`type` must be a type name such as \"string\", found {}",
                Described(other)
            ),
        };
        self.report(Code::InvalidType, message);
        match value {
            Value::Array(names) => single_non_null_type(names),
            _ => None,
        }
    }

    /// Reports every key that is not a keyword this node may carry.
    fn check_keys(&mut self, map: &Fields<'_>, kind: Option<NodeKind>) {
        for key in map.keys() {
            match keywords::classify(key) {
                KeywordClass::Discriminator | KeywordClass::Metadata => {}
                KeywordClass::Kind(kinds) => self.check_placement(key, kinds, kind),
                KeywordClass::Unsupported(advice) => self.report_at(
                    key,
                    Code::UnsupportedKeyword,
                    format!("`{key}` is not supported by the Pedelec argsSchema subset; {advice}"),
                ),
                KeywordClass::Unknown => {
                    let hint = match keywords::suggestion(key) {
                        Some(keyword) => format!("did you mean `{keyword}`?"),
                        None => "custom keywords are not allowed; remove it, or put the \
                                 information in `description`"
                            .to_owned(),
                    };
                    self.report_at(
                        key,
                        Code::UnknownKeyword,
                        format!("`{key}` is not a keyword of the subset or of JSON Schema: {hint}"),
                    );
                }
            }
        }
    }

    fn check_placement(&mut self, key: &str, kinds: &[NodeKind], kind: Option<NodeKind>) {
        let Some(kind) = kind else { return };
        if kinds.contains(&kind) {
            return;
        }
        if kind == NodeKind::OneOf {
            self.report_at(
                key,
                Code::OneOfSiblings,
                format!(
                    "`{key}` cannot stand beside `oneOf`: only `description`, `default` and \
                     `examples` may; move it into the branches it applies to"
                ),
            );
            return;
        }
        let owners: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
        self.report_at(
            key,
            Code::MisplacedKeyword,
            format!(
                "`{key}` applies to {} nodes, but this node is {} {kind}{}",
                owners.join("/"),
                article(kind),
                placement_hint(key, kind)
            ),
        );
    }

    fn metadata(&mut self, map: &Fields<'_>) -> Metadata {
        let description = map.get("description").and_then(|value| match value {
            Value::String(text) => Some(text.clone()),
            other => {
                self.report_at(
                    "description",
                    Code::InvalidValue,
                    format!("`description` must be a string, found {}", Described(other)),
                );
                None
            }
        });
        let examples = match map.get("examples") {
            None => Vec::new(),
            Some(Value::Array(values)) => values.clone(),
            Some(other) => {
                self.report_at(
                    "examples",
                    Code::InvalidValue,
                    format!(
                        "`examples` must be an array of sample values, found {}; wrap a single \
                         example in [ ]",
                        Described(other)
                    ),
                );
                Vec::new()
            }
        };
        Metadata {
            description,
            default: map.get("default").cloned(),
            examples,
        }
    }

    fn body(
        &mut self,
        kind: NodeKind,
        map: &Fields<'_>,
        meta: Metadata,
        depth: usize,
    ) -> Option<SchemaNode> {
        Some(match kind {
            NodeKind::String => SchemaNode::String(self.string(map, meta)?),
            NodeKind::Number => SchemaNode::Number(self.number(map, meta, false)?),
            NodeKind::Integer => SchemaNode::Integer(self.number(map, meta, true)?),
            NodeKind::Boolean => SchemaNode::Boolean(BooleanNode {
                enum_values: self.enum_values(map, "a boolean", Value::as_bool),
                meta,
            }),
            NodeKind::Array => SchemaNode::Array(self.array(map, meta, depth)?),
            NodeKind::Object => SchemaNode::Object(self.object(map, meta, depth)),
            NodeKind::OneOf => SchemaNode::OneOf(self.one_of(map, meta, depth)),
        })
    }

    fn string(&mut self, map: &Fields<'_>, meta: Metadata) -> Option<StringNode> {
        let enum_values = self.enum_values(map, "a string", |v| v.as_str().map(str::to_owned));
        let min_length = self.count(map, "minLength");
        let max_length = self.count(map, "maxLength");
        self.check_count_order(("minLength", min_length), ("maxLength", max_length));
        let pattern = match map.get("pattern") {
            Some(value) => Some(self.at("pattern", |p| p.pattern(value))?),
            None => None,
        };
        Some(StringNode {
            enum_values,
            min_length,
            max_length,
            pattern,
            meta,
        })
    }

    fn pattern(&mut self, value: &Value) -> Option<Pattern> {
        let Value::String(source) = value else {
            self.report(
                Code::InvalidValue,
                format!(
                    "`pattern` must be a string holding a regular expression, found {}",
                    Described(value)
                ),
            );
            return None;
        };
        Pattern::new(source)
            .map_err(|err| self.report(Code::InvalidPattern, err.to_string()))
            .ok()
    }

    fn number(&mut self, map: &Fields<'_>, meta: Metadata, integer: bool) -> Option<NumberNode> {
        let enum_values = if integer {
            self.enum_values(map, "an integer", |v| {
                v.as_number().filter(|n| numeric::is_integer(n)).cloned()
            })
        } else {
            self.enum_values(map, "a number", |v| v.as_number().cloned())
        };
        let minimum = self.bound(map, "minimum");
        let maximum = self.bound(map, "maximum");
        if let (Some(min), Some(max)) = (&minimum, &maximum) {
            if numeric::compare(min, max).is_gt() {
                self.report_at(
                    "minimum",
                    Code::MinGreaterThanMax,
                    format!("`minimum` {min} is greater than `maximum` {max}: no value can pass"),
                );
            }
        }
        Some(NumberNode {
            enum_values,
            minimum,
            maximum,
            meta,
        })
    }

    fn array(&mut self, map: &Fields<'_>, meta: Metadata, depth: usize) -> Option<ArrayNode> {
        let items = match map.get("items") {
            Some(items) => self.at("items", |p| p.node(items, depth + 1, false)),
            None => {
                self.report(
                    Code::MissingItems,
                    "an array node needs `items`, the node every element must match, \
                     such as \"items\": {\"type\": \"string\"}"
                        .to_owned(),
                );
                None
            }
        };
        let min_items = self.count(map, "minItems");
        let max_items = self.count(map, "maxItems");
        self.check_count_order(("minItems", min_items), ("maxItems", max_items));
        let unique_items = match map.get("uniqueItems") {
            None => false,
            Some(Value::Bool(unique)) => *unique,
            Some(other) => {
                self.report_at(
                    "uniqueItems",
                    Code::InvalidValue,
                    format!(
                        "`uniqueItems` must be true or false, found {}",
                        Described(other)
                    ),
                );
                false
            }
        };
        Some(ArrayNode {
            items: Box::new(items?),
            min_items,
            max_items,
            unique_items,
            meta,
        })
    }

    fn object(&mut self, map: &Fields<'_>, meta: Metadata, depth: usize) -> ObjectNode {
        let mut properties = Vec::new();
        let mut declared: Vec<&str> = Vec::new();
        match map.get("properties") {
            None => {}
            Some(Value::Object(entries)) => self.at("properties", |p| {
                properties.reserve_exact(entries.len());
                declared.reserve_exact(entries.len());
                for (name, value) in entries {
                    declared.push(name);
                    if let Some(node) = p.at(name, |p| p.node(value, depth + 1, false)) {
                        properties.push(Property {
                            name: name.clone(),
                            node,
                        });
                    }
                }
            }),
            Some(other) => self.report_at(
                "properties",
                Code::InvalidValue,
                format!(
                    "`properties` must be an object from property name to node, found {}",
                    Described(other)
                ),
            ),
        }
        let required = match map.get("required") {
            Some(value) => self.at("required", |p| p.required(value, &declared)),
            None => Vec::new(),
        };
        ObjectNode {
            properties,
            required,
            meta,
        }
    }

    /// Reads `required`; the pointer is at `/required`.
    fn required(&mut self, value: &Value, declared: &[&str]) -> Vec<String> {
        let Value::Array(names) = value else {
            self.report(
                Code::InvalidValue,
                format!(
                    "`required` must be an array of property names, found {}",
                    Described(value)
                ),
            );
            return Vec::new();
        };
        let mut required: Vec<String> = Vec::with_capacity(names.len());
        for (index, name) in names.iter().enumerate() {
            self.at_index(index, |p| {
                let Value::String(name) = name else {
                    p.report(
                        Code::InvalidValue,
                        format!(
                            "a `required` entry must be a property name, found {}",
                            Described(name)
                        ),
                    );
                    return;
                };
                if required.contains(name) {
                    p.report(
                        Code::DuplicateRequired,
                        format!("`{name}` is listed in `required` twice; list it once"),
                    );
                } else if !declared.contains(&name.as_str()) {
                    p.report(
                        Code::UnknownRequired,
                        format!(
                            "`{name}` is required but `properties` does not define it; add \
                             \"{name}\" to `properties` with its node, or remove it from `required`"
                        ),
                    );
                }
                required.push(name.clone());
            });
        }
        required
    }

    fn one_of(&mut self, map: &Fields<'_>, meta: Metadata, depth: usize) -> OneOfNode {
        let mut branches = Vec::new();
        self.at("oneOf", |p| match map.get("oneOf") {
            Some(Value::Array(values)) if values.is_empty() => p.report(
                Code::EmptyOneOf,
                "`oneOf` needs at least one branch; an empty `oneOf` accepts nothing".to_owned(),
            ),
            Some(Value::Array(values)) => {
                for (index, value) in values.iter().enumerate() {
                    if let Some(node) = p.at_index(index, |p| p.node(value, depth + 1, false)) {
                        branches.push(node);
                    }
                }
            }
            Some(other) => p.report(
                Code::InvalidValue,
                format!(
                    "`oneOf` must be an array of nodes, found {}",
                    Described(other)
                ),
            ),
            None => {}
        });
        OneOfNode { branches, meta }
    }

    /// Reads `enum` with `convert` accepting the values of the node's type.
    fn enum_values<T>(
        &mut self,
        map: &Fields<'_>,
        expected: &str,
        convert: impl Fn(&Value) -> Option<T>,
    ) -> Option<Vec<T>> {
        let value = map.get("enum")?;
        self.at("enum", |p| {
            let Value::Array(values) = value else {
                p.report(
                    Code::InvalidValue,
                    format!(
                        "`enum` must be an array of allowed values, found {}",
                        Described(value)
                    ),
                );
                return None;
            };
            if values.is_empty() {
                p.report(
                    Code::EmptyEnum,
                    "`enum` is empty, so no value can pass; list the allowed values".to_owned(),
                );
                return None;
            }
            let mut converted = Vec::with_capacity(values.len());
            for (index, value) in values.iter().enumerate() {
                match convert(value) {
                    Some(value) => converted.push(value),
                    None => p.at_index(index, |p| {
                        p.report(
                            Code::EnumTypeMismatch,
                            format!(
                                "this `enum` value is {}, but the node's values are {expected}: \
                                 an `enum` lists values of its node's `type` only",
                                Described(value)
                            ),
                        )
                    }),
                }
            }
            Some(converted)
        })
    }

    /// Reads `minLength`, `maxLength`, `minItems` or `maxItems`.
    fn count(&mut self, map: &Fields<'_>, key: &str) -> Option<u64> {
        let value = map.get(key)?;
        let number = value.as_number();
        let problem = match number.map(numeric::Num::of) {
            None => format!(
                "must be a non-negative whole number, found {}",
                Described(value)
            ),
            Some(numeric::Num::Int(n)) => match u64::try_from(n) {
                Ok(count) => return Some(count),
                Err(_) => format!("must not be negative, found {n}"),
            },
            Some(numeric::Num::Float(f)) if f.fract() != 0.0 => {
                format!("must be a whole number, found {f}")
            }
            Some(numeric::Num::Float(f)) if f < 0.0 => format!("must not be negative, found {f}"),
            // Any count a tool can receive is far below 2^64.
            Some(numeric::Num::Float(f)) if f >= 18_446_744_073_709_551_616.0 => {
                format!("must be at most {}, found {f}", u64::MAX)
            }
            Some(numeric::Num::Float(f)) => return Some(f as u64),
        };
        let code = if number.is_some() {
            Code::InvalidBound
        } else {
            Code::InvalidValue
        };
        self.report_at(key, code, format!("`{key}` {problem}"));
        None
    }

    fn check_count_order(&mut self, min: (&str, Option<u64>), max: (&str, Option<u64>)) {
        if let ((min_key, Some(low)), (max_key, Some(high))) = (min, max) {
            if low > high {
                self.report_at(
                    min_key,
                    Code::MinGreaterThanMax,
                    format!(
                        "`{min_key}` {low} is greater than `{max_key}` {high}: no value can pass"
                    ),
                );
            }
        }
    }

    /// Reads `minimum` or `maximum`.
    fn bound(&mut self, map: &Fields<'_>, key: &str) -> Option<Number> {
        match map.get(key)? {
            Value::Number(number) => Some(number.clone()),
            other => {
                self.report_at(
                    key,
                    Code::InvalidValue,
                    format!("`{key}` must be a number, found {}", Described(other)),
                );
                None
            }
        }
    }
}

/// The kind a node without a usable `type` most likely meant.
fn infer_kind(map: &Fields<'_>) -> Option<NodeKind> {
    if let Some(kind) = map.keys().find_map(|key| keywords::implied_kind(key)) {
        return Some(kind);
    }
    if let Some(Value::Array(branches)) = map.get("anyOf") {
        return nullable_kind(branches);
    }
    let Some(Value::Array(values)) = map.get("enum") else {
        return None;
    };
    let first = values.first()?;
    let kind = match first {
        Value::String(_) => NodeKind::String,
        Value::Number(_) => NodeKind::Number,
        Value::Bool(_) => NodeKind::Boolean,
        _ => return None,
    };
    let same = values
        .iter()
        .all(|value| std::mem::discriminant(value) == std::mem::discriminant(first));
    same.then_some(kind)
}

/// `anyOf: [{"type": "string"}, {"type": "null"}]`, the optional value of
/// pydantic and zod output, most likely meant `"string"`.
fn nullable_kind(branches: &[Value]) -> Option<NodeKind> {
    let types: Vec<Value> = branches
        .iter()
        .map(|branch| branch.get("type").cloned())
        .collect::<Option<_>>()?;
    single_non_null_type(&types)
}

/// `["string", "null"]` most likely meant `"string"`.
fn single_non_null_type(names: &[Value]) -> Option<NodeKind> {
    let mut kinds = names
        .iter()
        .filter_map(Value::as_str)
        .filter_map(NodeKind::from_type_name);
    let kind = kinds.next()?;
    kinds.next().is_none().then_some(kind)
}

fn placement_hint(key: &str, kind: NodeKind) -> &'static str {
    match (key, kind) {
        ("minLength" | "maxLength", NodeKind::Number | NodeKind::Integer) => {
            "; to bound a number, use `minimum`/`maximum`"
        }
        ("minimum" | "maximum", NodeKind::String) => {
            "; to bound a string's length, use `minLength`/`maxLength`"
        }
        ("minLength" | "maxLength", NodeKind::Array) => {
            "; to bound an array's length, use `minItems`/`maxItems`"
        }
        ("minItems" | "maxItems", NodeKind::String) => {
            "; to bound a string's length, use `minLength`/`maxLength`"
        }
        ("enum", NodeKind::Array | NodeKind::Object) => {
            "; put the `enum` on the `items` node or on a property"
        }
        _ => "; remove it, or change the node's `type`",
    }
}

fn article(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Integer | NodeKind::Array | NodeKind::Object => "an",
        _ => "a",
    }
}
