# frozen_string_literal: true
#
# The kramdown options Jekyll derives from the book's _config.yml (markdown: kramdown,
# input: GFM, rouge), as Jekyll's own converter computes them.
require "jekyll"

BOOK_SITE = {
  "markdown" => "kramdown",
  "highlighter" => "rouge",
  "kramdown" => { "syntax_highlighter" => "rouge", "input" => "GFM" },
}.freeze
BOOK_KRAMDOWN_CONFIG = Jekyll::Converters::Markdown::KramdownParser
                       .new(Jekyll::Configuration.from(BOOK_SITE))
                       .instance_variable_get(:@config)
