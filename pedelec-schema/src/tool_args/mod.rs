//! [`ToolArgs`]: a tool's arguments as a Rust type, with its schema derived.

mod build;
pub(crate) mod conform;
mod foreign;
mod net;
mod node;
mod refusal;
mod std_types;
mod typed_stream;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::document::ArgsError;
use crate::export::{Profile, ToolDefinition, ToolNameError};
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate;

#[cfg(feature = "time")]
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
pub use foreign::time;
pub use node::{kind, ToolArgsNode};
pub use typed_stream::TypedArgsStream;

/// What the code `#[derive(ToolArgs)]` generates uses. Not a public API: it
/// may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use super::build::*;
    pub use super::node::{kind, ToolArgsNode};
    pub use serde_json;
}

/// A tool's arguments as a Rust type: its schema, and parsing that checks
/// the schema first.
///
/// Derive it with `#[derive(ToolArgs)]` (next to serde's `Deserialize`) on a
/// struct with named fields. The schema is built from the type and its
/// `serde` attributes once, at the first [`schema`](Self::schema) call;
/// everything that could make it fall outside the subset is refused at
/// compile time, with an error on the offending token.
///
/// ```
/// use pedelec_schema::ToolArgs;
/// use serde::Deserialize;
/// use serde_json::json;
///
/// /// Moves a shape on the canvas.
/// #[derive(Debug, Deserialize, ToolArgs)]
/// #[serde(rename_all = "camelCase")]
/// struct MoveShape {
///     #[tool_args(min_length = 1)]
///     shape_id: String,
///     /// Where the shape's origin goes.
///     destination: Point,
///     /// How far to rotate, in degrees.
///     #[tool_args(minimum = -180, maximum = 180)]
///     rotate: Option<i16>,
/// }
///
/// #[derive(Debug, Deserialize, ToolArgs)]
/// struct Point {
///     x: f64,
///     y: f64,
/// }
///
/// assert_eq!(MoveShape::schema().to_value(), json!({
///     "type": "object",
///     "properties": {
///         "shapeId": {"type": "string", "minLength": 1},
///         "destination": {
///             "type": "object",
///             "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
///             "required": ["x", "y"],
///             "description": "Where the shape's origin goes."
///         },
///         "rotate": {"type": "integer", "minimum": -180, "maximum": 180,
///                    "description": "How far to rotate, in degrees."}
///     },
///     "required": ["shapeId", "destination"],
///     "description": "Moves a shape on the canvas."
/// }));
///
/// let call = MoveShape::from_args(json!({"shapeId": "s1", "destination": {"x": 1, "y": 2.5}}))?;
/// assert_eq!((call.shape_id.as_str(), call.destination.y, call.rotate), ("s1", 2.5, None));
///
/// // A bad call: every problem at once, in the agent-facing form.
/// let error = MoveShape::from_args(json!({"shapeId": "", "destination": {"x": 1}})).unwrap_err();
/// let response = error.to_response();
/// assert_eq!(response["error"]["code"], "INVALID_ARGS");
/// assert_eq!(response["error"]["errors"].as_array().unwrap().len(), 2);
/// # Ok::<(), pedelec_schema::ArgsError>(())
/// ```
///
/// # Types
///
/// | Rust | node |
/// |---|---|
/// | `String`, `&str`, `Cow<str>`, `Box<str>`, `PathBuf`, `&Path` | `string` |
/// | `char` | `string` with `minLength` and `maxLength` 1 |
/// | `IpAddr`, `Ipv4Addr`, `Ipv6Addr` | `string` with a `pattern` of exactly the text `str::parse` reads (IPv4 without leading zeros, every IPv6 text form) |
/// | `SocketAddr`, `SocketAddrV4`, `SocketAddrV6` | `string` with a `pattern`: `1.2.3.4:80`, `[::1%2]:80`; a port or scope id written with leading zeros, which std also reads, is refused |
/// | `bool` | `boolean` |
/// | `u8` ... `u64`, `usize`, `i8` ... `i64`, `isize` | `integer` with the type's own `minimum` and `maximum` |
/// | `i128`, `u128` | `integer` bounded to `i64::MIN..=u64::MAX` (what serde_json reads exactly into them) |
/// | `NonZeroU8` ... `NonZeroU64`, `NonZeroUsize` | `integer` from 1 |
/// | `f32`, `f64` | `number` (an `f32` beyond its range reads as infinite) |
/// | `Vec<T>`, `VecDeque<T>`, `LinkedList<T>`, `BinaryHeap<T>`, `Box<[T]>` | `array` of T |
/// | `[T; N]` | `array` with `minItems` and `maxItems` N |
/// | `HashSet<T>`, `BTreeSet<T>` | `array` with `uniqueItems` |
/// | `Option<T>` | T's node; the property is not required |
/// | `Box<T>`, `Rc<T>`, `Arc<T>`, `&T`, `Cow<T>` | T's node |
/// | a struct that derives `ToolArgs` | its `object` node, inlined (the subset has no `$ref`) |
/// | a type that implements [`ToolArgsNode`] by hand | the node it returns |
/// | an enum of unit variants | `string` with an `enum` of the variant names |
/// | an enum with data | `oneOf`, one branch per variant (see below) |
///
/// Behind the feature of the crate's name (off by default), each a `string`
/// whose `pattern` accepts only text the type's serde reads:
///
/// | feature | Rust | node |
/// |---|---|---|
/// | `uuid` | `Uuid` | the hyphenated form, either case (uuid also reads the simple, braced and URN forms; the schema asks for the one everybody writes) |
/// | `chrono` | `DateTime<Utc>`, `DateTime<FixedOffset>` | RFC 3339: `2024-05-01T09:30:00Z`, `...T09:30:00.5+02:00` |
/// | `chrono` | `NaiveDate`, `NaiveDateTime`, `NaiveTime` | `2024-05-01`, `2024-05-01T09:30:00`, `09:30:00` (fractions of up to nine digits) |
/// | `url` | `Url` | `minLength` 1 and a scheme: `^[A-Za-z][A-Za-z0-9+.-]*:` |
/// | `time` | `Date`; `pedelec_schema::time::Rfc3339` for `#[serde(with = "time::serde::rfc3339")]` | `2024-05-01`; RFC 3339 as above (the feature turns on time's `serde-human-readable`, without which time reads these from arrays) |
///
/// A pattern cannot hold every rule of a date or a URL: February 29 of a
/// common year passes the date patterns, and `http://` the URL's. serde
/// refuses them, and the agent gets that refusal located
/// ([`ArgsError::Deserialize`], below). The date patterns accept a subset
/// of what chrono and time read: four-digit years, `T` and `Z` in capitals,
/// no leap second.
///
/// Maps (`HashMap`, `BTreeMap`), `serde_json::Value`, tuples and `()` have
/// no node in the subset and are refused at compile time, and so is a type
/// that contains itself. A type that contains itself through other types
/// (`A -> B -> A`), which the macro cannot see, panics at the first
/// `schema()` call with the chain of types.
///
/// **`Option<T>` and `null`.** The subset has no `null`, so the schema the
/// agent sees says "T, or leave the property out". An explicit `null` is
/// refused by validation with T's type error (`expected a string, found
/// null`), although serde alone would read it as `None`: what the agent was
/// shown is what is enforced.
///
/// # Enums
///
/// Each of serde's representations becomes a `oneOf` whose branches are told
/// apart by their tag (unit variants of an externally tagged enum share one
/// `string` branch with an `enum`):
///
/// - external (the default): `{"Variant": content}`, a single required
///   property per branch. An agent that sends two variant keys matches two
///   branches, so `lint` warns that the branches can overlap
///   (`ambiguous_one_of`): the subset cannot say "no other property". Prefer
///   `tag` for enums an agent fills in.
/// - internal (`#[serde(tag = "kind")]`): the tag property, required, with a
///   one-value `enum` in each branch, beside the variant's fields. No lint
///   warning.
/// - adjacent (`tag` + `content`): the tag as above, and the content under
///   its own required property. No lint warning.
/// - untagged: each variant's content as it is. Nothing tells the branches
///   apart, so `lint` may warn (`ambiguous_one_of`), and a value that fits
///   two branches is refused by `oneOf`. A unit variant (`null`) and a tuple
///   variant of several fields (a mixed array) cannot be described and are
///   refused at compile time in every representation.
///
/// Variants with `#[serde(skip)]`, `skip_deserializing` or `other` are left
/// out; `#[serde(untagged)]` on a variant is honoured. A variant's doc
/// comment becomes its branch's `description`, except for the unit variants
/// of an externally tagged enum, which are values of one string `enum` (one
/// `description`: the enum's, or the field's).
///
/// # Types the derive cannot see into
///
/// A field whose type has no node, or whose JSON is not what its type
/// says (a newtype with a hand-written `Deserialize`, serde's `with`), takes
/// its node from one of three places:
///
/// - `#[tool_args(as = Type)]`: the node of another type that reads the
///   same JSON, such as `as = String` for a newtype that its own
///   `Deserialize` reads from a string. It stands for the whole field, as
///   serde's `with` does: for an `Option<Slug>` write `as = Option<String>`,
///   for a `Vec<Slug>` `as = Vec<String>`. The keywords of that type's kind
///   apply (`as = String, max_length = 40`), checked at compile time.
/// - `#[tool_args(schema_with = path::to::function)]`: a function
///   `fn() -> SchemaNode` that builds the field's node. The node is checked
///   when the schema is first built; outside the subset, that panics with
///   the type, the field, the function and every error. Its kind is known
///   only then, so `description`, `default` and `examples` go with it, and
///   the bounds go in the node. A field of type `Option<_>` stays optional.
/// - [`ToolArgsNode`], implemented by hand for the type: then every field
///   of that type, in any wrapper, has its node, as with a derived type.
///
/// The node must accept only what serde reads. Where it accepts more, serde's
/// refusal reaches the agent located, as an [`ArgsError::Deserialize`].
///
/// ```
/// use pedelec_schema::{SchemaNode, ToolArgs};
/// use serde::{Deserialize, Deserializer};
///
/// fn comma_separated<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
///     Ok(String::deserialize(d)?.split(',').map(str::to_owned).collect())
/// }
///
/// fn percent() -> SchemaNode {
///     SchemaNode::integer().minimum(0).maximum(100).into()
/// }
///
/// #[derive(Deserialize, ToolArgs)]
/// struct Search {
///     /// Words, separated by commas.
///     #[serde(deserialize_with = "comma_separated")]
///     #[tool_args(as = String, pattern = "^[a-z,]+$")]
///     words: Vec<String>,
///     #[tool_args(schema_with = percent)]
///     threshold: Option<u8>,
/// }
///
/// let search = Search::from_args(serde_json::json!({"words": "a,b"}))?;
/// assert_eq!(search.words, ["a", "b"]);
/// assert_eq!(Search::schema().root().required, ["words"]);
/// # Ok::<(), pedelec_schema::ArgsError>(())
/// ```
///
/// # Attributes
///
/// `serde` attributes are read as serde reads them: `rename` (and
/// `rename(deserialize = "...")`), `rename_all` (every case),
/// `rename_all_fields`, `default` and `default = "path"` (on a field or the
/// container: the property is not required), `skip`, `skip_deserializing`,
/// `flatten` (the properties are merged), `tag`, `content`, `untagged`,
/// `transparent` (the type's node is its one field's). `alias` changes
/// nothing: the schema names the property by its main name only, which is
/// the one the agent is asked to send (serde still reads the alias).
/// `with` and `deserialize_with` need `as` or `schema_with` beside them,
/// to say what the function reads; serde then demands the property unless
/// `default` is given, `Option` or not (serde-rs/serde#2878), and so does
/// the schema.
///
/// `#[serde(deny_unknown_fields)]` is refused at compile time: the subset
/// cannot say "no other property", so the agent would see a schema that
/// allows properties that serde then refuses. Unknown properties are ignored
/// by serde without it. `from`, `try_from` and `remote` are refused too,
/// because what they read is not the type the derive sees (implement
/// [`ToolArgsNode`] by hand for such a type), and so is `tag` on a struct,
/// and `with` on a variant.
///
/// `#[tool_args(...)]`, on a field or on the type, adds keywords:
///
/// | key | applies to | example |
/// |---|---|---|
/// | `as = Type` | a field | `as = Option<String>`: the node of `Type` (see above) |
/// | `schema_with = path` | a field | `schema_with = crate::schemas::slug`: the node the function returns |
/// | `description = "..."` | any | overrides the doc comment |
/// | `min_length = N`, `max_length = N` | strings | `min_length = 1` |
/// | `pattern = "..."` | strings | `pattern = "^[a-z]+$"`, checked at compile time against the grammar of [`Pattern`](crate::Pattern) |
/// | `minimum = X`, `maximum = X` | integers, numbers | `minimum = -10` |
/// | `min_items = N`, `max_items = N` | arrays | `max_items = 50` |
/// | `unique_items` | arrays | `unique_items` or `unique_items = true` |
/// | `default = <json>` | any | `default = "en"`: guidance for the agent, never filled in |
/// | `examples(<json>, ...)` | any | `examples("en", "zh-TW")` |
/// | `output` | a struct or an enum | `#[tool_args(output)]`: the type is also a tool's result (see below) |
///
/// Keywords go where they mean something: on `Option<String>` a length
/// bound bounds the string, on `Vec<T>` `min_items` bounds the array. On a
/// field, metadata overrides the field type's own; bounds are checked
/// against the field's type (a `minimum` below `u8::MIN` is an error).
/// `<json>` is anything [`serde_json::json!`] takes: a JSON literal such as
/// `{"x": 1}`, or a Rust expression.
///
/// **Results.** `#[tool_args(output)]` says that the type is also
/// serialized, as a tool's result, and checked against the same schema. The
/// schema describes what serde reads; what it writes can differ in ways the
/// subset cannot express, and the derive refuses them at compile time, in
/// the type's own fields and variants:
///
/// - an `Option` field without `skip_serializing_if` (serde writes `None`
///   as `null`, and the subset has no `null`; `#[serde(default)]` does not
///   change that), an `Option` inside a field's type (`Vec<Option<T>>`),
///   and an `Option` that is the one field of a newtype or a newtype
///   variant (no property there to leave out);
/// - `skip_serializing` or `skip_serializing_if` on a property the schema
///   requires (not an `Option`, no `default`);
/// - a name written unlike the one read: `rename(serialize = ...,
///   deserialize = ...)`, and `rename_all` or `rename_all_fields` with two
///   rules, where they give a name two spellings;
/// - `serialize_with` or `deserialize_with` without the other, and `into`
///   (`with`, or both functions, reads and writes the JSON that `as` or
///   `schema_with` describes);
/// - a variant written but not read (`skip_deserializing`, `other`), which
///   no branch accepts, and a field written but not read in a newtype.
///
/// A named field that is written but not read (`skip_deserializing`) is
/// allowed: it is a property the schema does not name, which an object
/// accepts. Where the syntax cannot tell whether a type is an `Option` (an
/// alias, a derived newtype of one, a generic parameter), the generated code
/// asserts at compile time that its [`ToolArgsNode::REQUIRED`] is `true`;
/// for a generic type, where a schema of it is built (`cargo build`, not
/// `cargo check`). A nested type is checked where it carries
/// `#[tool_args(output)]` itself: mark every derived type a result holds.
///
/// **Doc comments** become `description`, joined as rustdoc renders them:
/// each line trimmed, the lines of a paragraph joined with a space (a line
/// that starts a list item keeps its line break), paragraphs separated by a
/// blank line. A field's doc wins over its type's.
///
/// # Deserializing
///
/// [`from_args`](Self::from_args) validates first, so an agent gets every
/// problem at once in the agent-facing form, then reads the value with
/// serde. When the schema accepts a value, serde reads it: a float with a
/// zero fraction under an `integer` node (`3.0`, which JSON Schema counts as
/// an integer) is read as the integer, and properties that the schema does
/// not name are ignored, also where serde would refuse them (beside the key
/// of an externally tagged variant). [`from_args_str`](Self::from_args_str)
/// returns exactly what `from_args` returns on the parsed text.
///
/// When serde still refuses a value the schema accepted (a hand-written
/// `Deserialize`, a day its month does not have), the error is
/// [`ArgsError::Deserialize`]: the agent-facing object has one entry in
/// `errors`, with the `path` of the value serde refused, the `schema_path`
/// of the node that accepted it, `keyword: "deserialize"` and serde's
/// message. The path comes from serde_path_to_error, on this slow path
/// only; inside a value serde buffers (an internally tagged or untagged
/// enum) it points at that value.
pub trait ToolArgs {
    /// The checked schema, built at the first call and shared afterwards.
    fn schema() -> &'static ToolArgsSchema;

    /// Validates `args` against [`schema`](Self::schema), then deserializes
    /// them with serde.
    fn from_args(args: Value) -> Result<Self, ArgsError>
    where
        Self: DeserializeOwned,
    {
        let schema = Self::schema();
        // Fail-fast first: a valid call is walked once; only an invalid one
        // is walked again for every error.
        if !schema.is_valid(&args) {
            schema.validate(&args)?;
        }
        conform::deserialize(schema, args)
    }

    /// Validates and deserializes the JSON text of the arguments - what a
    /// model sends - as `from_args(serde_json::from_str(text)?)` would, and
    /// returns exactly what that returns, but that a number whose float is
    /// on a bound is compared with it as the text writes it too, as
    /// [`ToolArgsSchema::validate_str`] compares it (`1e-400` is above a
    /// `maximum` of `0`, though the `Value` holds `0.0`); text that is not
    /// one JSON value is an [`ArgsError::Syntax`], located (the byte, the
    /// JSON Pointer of the value being read, what was expected), and so is
    /// a property the schema names given twice, as `validate_str` refuses
    /// it.
    ///
    /// Valid arguments are read in one pass, checked as serde reads them,
    /// without building a `serde_json::Value`, and allocate nothing beyond
    /// what `Self` does. Anything else takes the full path of
    /// [`from_args`](Self::from_args), so the agent gets every error with
    /// its path.
    ///
    /// ```
    /// use pedelec_schema::ToolArgs;
    /// use serde::Deserialize;
    ///
    /// #[derive(Debug, Deserialize, ToolArgs)]
    /// struct Nudge {
    ///     #[tool_args(minimum = -10, maximum = 10)]
    ///     delta: i32,
    /// }
    ///
    /// assert_eq!(Nudge::from_args_str(r#"{"delta": -3}"#)?.delta, -3);
    /// let error = Nudge::from_args_str(r#"{"delta": 15}"#).unwrap_err();
    /// assert_eq!(error.errors()[0].path(), "/delta");
    /// # Ok::<(), pedelec_schema::ArgsError>(())
    /// ```
    fn from_args_str(text: &str) -> Result<Self, ArgsError>
    where
        Self: DeserializeOwned,
    {
        let schema = Self::schema();
        if let Some(parsed) = schema.read_checked(text) {
            return Ok(parsed);
        }
        let args = schema.read_text(text)?;
        let texts = schema.texts_of(&args, text);
        validate::installed(texts, || Self::from_args(args))
    }

    /// Checks the arguments as their text arrives and reads them into
    /// `Self` at the end; see [`TypedArgsStream`].
    fn stream() -> TypedArgsStream<Self>
    where
        Self: DeserializeOwned,
    {
        TypedArgsStream::new(Profile::Mcp)
    }

    /// [`stream`](Self::stream) for a call the model wrote against the
    /// export for `profile`, as [`ToolArgsSchema::stream_for`] checks it:
    /// under OpenAI strict mode a `null` for an optional property is never
    /// refused, and `finish` gives what
    /// [`from_provider_args`](Self::from_provider_args) gives for the
    /// whole text.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgs};
    /// use serde::Deserialize;
    ///
    /// #[derive(Debug, Deserialize, ToolArgs)]
    /// struct BookRoom {
    ///     room_id: String,
    ///     note: Option<String>,
    /// }
    ///
    /// let mut stream = BookRoom::stream_for(Profile::OpenAiStrict);
    /// stream.feed(r#"{"room_id": "r1", "#)?;
    /// stream.feed(r#""note": null}"#)?;
    /// let call = stream.finish()?;
    /// assert_eq!((call.room_id.as_str(), call.note), ("r1", None));
    /// # Ok::<(), pedelec_schema::ArgsError>(())
    /// ```
    fn stream_for(profile: Profile) -> TypedArgsStream<Self>
    where
        Self: DeserializeOwned,
    {
        TypedArgsStream::new(profile)
    }

    /// Arguments a model sent under `profile`: undoes what the export
    /// introduced ([`ToolArgsSchema::normalize`]: the `null`s of OpenAI
    /// strict mode), then validates and deserializes as
    /// [`from_args`](Self::from_args) does.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgs};
    /// use serde::Deserialize;
    /// use serde_json::json;
    ///
    /// /// Searches the notes.
    /// #[derive(Debug, Deserialize, ToolArgs)]
    /// struct Search {
    ///     query: String,
    ///     #[tool_args(minimum = 0)]
    ///     offset: Option<u32>,
    /// }
    ///
    /// // OpenAI strict mode sends every property, `null` for one left out.
    /// let call = Search::from_provider_args(
    ///     Profile::OpenAiStrict,
    ///     json!({"query": "rust", "offset": null}),
    /// )?;
    /// assert_eq!((call.query.as_str(), call.offset), ("rust", None));
    /// # Ok::<(), pedelec_schema::ArgsError>(())
    /// ```
    fn from_provider_args(profile: Profile, mut args: Value) -> Result<Self, ArgsError>
    where
        Self: DeserializeOwned,
    {
        Self::schema().normalize(profile, &mut args);
        Self::from_args(args)
    }

    /// The JSON text of arguments a model sent under `profile`: read as
    /// [`from_args_str`](Self::from_args_str) reads it (its syntax errors
    /// located the same way), then taken as
    /// [`from_provider_args`](Self::from_provider_args) takes the value -
    /// the `null`s of OpenAI strict mode taken out, a `null` for a required
    /// property refused.
    ///
    /// A call with no `null` to take out is read on `from_args_str`'s fast
    /// path: in one pass, without building a `serde_json::Value`.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, Profile, ToolArgs};
    /// use serde::Deserialize;
    ///
    /// /// Books a room.
    /// #[derive(Debug, Deserialize, ToolArgs)]
    /// #[serde(rename_all = "camelCase")]
    /// struct BookRoom {
    ///     room_id: String,
    ///     note: Option<String>,
    /// }
    ///
    /// // OpenAI strict mode: `null` for the note the model left out.
    /// let text = r#"{"roomId": "r1", "note": null}"#;
    /// let call = BookRoom::from_provider_args_str(Profile::OpenAiStrict, text)?;
    /// assert_eq!((call.room_id.as_str(), call.note), ("r1", None));
    ///
    /// // The room is required: its `null` is no property left out.
    /// let error = BookRoom::from_provider_args_str(Profile::OpenAiStrict, r#"{"roomId": null}"#)
    ///     .unwrap_err();
    /// assert_eq!(error.errors()[0].path(), "/roomId");
    ///
    /// // Text that is not JSON: located as `from_args_str` locates it.
    /// let Err(ArgsError::Syntax(error)) =
    ///     BookRoom::from_provider_args_str(Profile::OpenAiStrict, r#"{"roomId": "r1",}"#)
    /// else {
    ///     panic!("not JSON");
    /// };
    /// assert_eq!(error.offset(), 16);
    /// # Ok::<(), pedelec_schema::ArgsError>(())
    /// ```
    fn from_provider_args_str(profile: Profile, text: &str) -> Result<Self, ArgsError>
    where
        Self: DeserializeOwned,
    {
        // The fast path takes only calls the schema accepts as they are,
        // which hold no `null` that `normalize` would take out.
        let schema = Self::schema();
        if let Some(parsed) = schema.read_checked(text) {
            return Ok(parsed);
        }
        // `from_provider_args`, with the texts of the numbers the value
        // keeps once normalized.
        let mut args = schema.read_text(text)?;
        schema.normalize(profile, &mut args);
        let texts = schema.texts_of(&args, text);
        validate::installed(texts, || Self::from_args(args))
    }

    /// The tool called `name` that takes these arguments, described by the
    /// type's doc comment (the schema's root `description`). Write it in a
    /// provider's shape with [`ToolDefinition::export`], which writes the
    /// doc comment once, as the tool's description, and leaves it out of
    /// the arguments' schema.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgs};
    /// use serde::Deserialize;
    ///
    /// /// Searches the notes.
    /// #[derive(Deserialize, ToolArgs)]
    /// struct Search {
    ///     query: String,
    /// }
    ///
    /// let tool = Search::tool_definition("search_notes")?;
    /// let gemini = tool.export(Profile::GeminiOpenApi).definition;
    /// assert_eq!(gemini["description"], "Searches the notes.");
    /// assert_eq!(gemini["parameters"]["required"], serde_json::json!(["query"]));
    /// assert_eq!(gemini["parameters"].get("description"), None);
    /// # Ok::<(), pedelec_schema::ToolNameError>(())
    /// ```
    fn tool_definition(name: &str) -> Result<ToolDefinition, ToolNameError> {
        ToolDefinition::new(name, Self::schema().clone())
    }
}
