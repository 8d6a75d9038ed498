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
#   ruby kramdown.rb front       stdin: JSON list of Markdown documents -> JSON list of the front matter
#                                Jekyll reads from each (its own pattern and YAML loader), null for none
#   ruby kramdown.rb include     stdin: JSON list of include markups -> JSON list of the arguments
#                                Jekyll's include tag hands the include (a variable: null), or
#                                null where it refuses the tag or reads its file as a variable
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

# The front matter Jekyll reads from a page (Jekyll::Document's pattern, loaded by Jekyll::Utils.safe_load_yaml).
def front_matter(text)
  text = text.encode("UTF-8", invalid: :replace)
  return nil unless text =~ Jekyll::Document::YAML_FRONT_MATTER_REGEXP

  Jekyll::Utils.safe_load_yaml(Regexp.last_match(1))
end

# Jekyll's IncludeTag (jekyll/tags/include.rb), its own patterns: initialize, validate_params
# and parse_params, without a site to render in.
def include_arguments(markup)
  tag = Jekyll::Tags::IncludeTag
  markup = markup.strip
  return nil if markup.match(tag::VARIABLE_SYNTAX)

  _file, params = markup.split(%r!\s+!, 2)
  return nil if params && !tag::FULL_VALID_SYNTAX.match?(params)

  found = {}
  (params || "").scan(tag::VALID_SYNTAX) do |key, d_quoted, s_quoted, _variable|
    found[key] = d_quoted ? d_quoted.gsub('\\"', '"') : s_quoted ? s_quoted.gsub("\\'", "'") : nil
  end
  found
end

Jekyll.logger.log_level = :error
items = JSON.parse($stdin.read)
case ARGV.first
when "html" then puts JSON.generate(items.map { |text| html(text) })
when "front" then puts JSON.generate(items.map { |text| front_matter(text) })
when "slugify" then puts JSON.generate(items.map { |text| Jekyll::Utils.slugify(text) })
when "include" then puts JSON.generate(items.map { |text| include_arguments(text) })
else
  warn "usage: kramdown.rb html|front|slugify|include < JSON"
  exit 2
end
