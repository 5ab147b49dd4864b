//! `code_enum!`: the one way the crate writes an enum of stable codes
//! ([`Severity`](crate::Severity), [`Code`](crate::Code),
//! [`Effect`](crate::Effect), [`ChangeCode`](crate::ChangeCode),
//! [`ConvertErrorCode`](crate::ConvertErrorCode)).
//!
//! Each variant and its stable name are written once, in one table; the
//! macro writes the enum, `ALL`, `as_str`, `Display` and `Serialize` from
//! it. A table may give each variant a row of data (a code's severity, a
//! change's effect): the macro writes the private `row` lookup, and the
//! enum's documented accessors read it.
//!
//! `Serialize` is not derived: the name is then written in one place
//! (`as_str`, which `Display` also uses), and it is a string in every
//! format, where a derived unit variant is an index in some.

/// An enum of stable codes. The plain form:
///
/// ```ignore
/// code_enum! {
///     /// Docs of the enum.
///     pub enum Effect {
///         /// Docs of the variant.
///         Lossless = "lossless",
///     }
/// }
/// ```
///
/// With a row of data per variant, `enum Name: ROW_TYPE, using { NAMES }`
/// (the names the rows spell, imported inside the lookup only), and each
/// variant `Variant = "name" => ROW;`.
macro_rules! code_enum {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $($(#[$doc:meta])* $variant:ident = $text:literal,)*
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$doc])* $variant,)*
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The stable snake_case name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident: $row:ty, using { $($names:tt)* } {
            $($(#[$doc:meta])* $variant:ident = $text:literal => $data:expr;)*
        }
    ) => {
        code_enum! {
            $(#[$attr])*
            $vis enum $name {
                $($(#[$doc])* $variant = $text,)*
            }
        }

        impl $name {
            /// The variant's row of the table.
            fn row(self) -> $row {
                use {$($names)*};
                match self {
                    $($name::$variant => $data,)*
                }
            }
        }
    };
}
