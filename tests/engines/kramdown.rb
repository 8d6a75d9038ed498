#!/usr/bin/env ruby
# frozen_string_literal: true
#
# The book's Markdown engine, for the tests: Jekyll's own kramdown converter with the
# settings of the book's _config.yml (jax-ml/scaling-book: markdown: kramdown,
# input: GFM, rouge), front matter stripped with Jekyll's own pattern. Liquid is not
# run (tests that need it build a real Jekyll site).
#
#   ruby kramdown.rb html        stdin: JSON list of Markdown documents -> stdout: JSON list of HTML
#   ruby kramdown.rb slugify     stdin: JSON list of strings -> JSON list of Jekyll::Utils.slugify(s)
#
# One process renders a whole batch: starting Ruby and loading Jekyll costs 0.3 s,
# a warm chapter about 15 ms.
require "json"
require "jekyll"

BOOK = {
  "markdown" => "kramdown",
  "highlighter" => "rouge",
  "kramdown" => {
    "syntax_highlighter" => "rouge",
    "input" => "GFM",
    "syntax_highlighter_opts" => {
      "css_class" => "highlight",
      "span" => { "line_numbers" => false },
      "block" => { "line_numbers" => false, "start_line" => 1 },
    },
  },
}.freeze

def converter
  @converter ||= Jekyll::Converters::Markdown::KramdownParser.new(Jekyll::Configuration.from(BOOK))
end

def html(text)
  text = text.encode("UTF-8", invalid: :replace)
  text = Regexp.last_match.post_match if text =~ Jekyll::Document::YAML_FRONT_MATTER_REGEXP
  converter.convert(text)
end

Jekyll.logger.log_level = :error
items = JSON.parse($stdin.read)
case ARGV.first
when "html" then puts JSON.generate(items.map { |text| html(text) })
when "slugify" then puts JSON.generate(items.map { |text| Jekyll::Utils.slugify(text) })
else
  warn "usage: kramdown.rb html|slugify < JSON"
  exit 2
end
