#!/usr/bin/env ruby
# frozen_string_literal: true
#
# kramdown's element tree of a Markdown snippet, read as the book's Jekyll site reads
# it (the options of kramdown.rb: GFM input), for the tests' oracle (tests/engines.py).
# One process serves a whole test session: one JSON string per line on stdin, one
# JSON tree per line on stdout, flushed, so the caller can ask one at a time.
#
# A node is [type, attributes, value, category, children]: type is kramdown's
# (:p, :em, :a, :math, :html_element ...), value its code, TeX, HTML tag name or text.
require "json"
require "jekyll"
require_relative "kramdown_config"

KEEP_OPTIONS = %i[level category].freeze

def tree(element)
  value = element.value.is_a?(String) || element.value.is_a?(Symbol) ? element.value.to_s : ""
  value = element.options[:name].to_s if element.type == :footnote
  options = element.options.slice(*KEEP_OPTIONS).transform_values(&:to_s)
  category = Kramdown::Element.category(element).to_s
  attr = element.attr.to_h
  attr["level"] = options["level"] if options["level"]
  [element.type.to_s, attr, value, category, element.children.map { |child| tree(child) }]
end

def parse(text)
  text = text.encode("UTF-8", invalid: :replace)
  tree(Kramdown::JekyllDocument.new(text, BOOK_KRAMDOWN_CONFIG).root)
end

Jekyll.logger.log_level = :error
$stdout.sync = true
$stdin.each_line do |line|
  puts JSON.generate(parse(JSON.parse(line)))
rescue StandardError => e
  puts JSON.generate(["error", {}, e.message, "", []])
end
