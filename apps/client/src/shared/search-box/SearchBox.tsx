import { useEffect, useState } from 'react';

/**
 * A list page's search box whose search lives in the list's query (the address): the text typed is the
 * box's own, and after a quiet pause the query follows it through `onSearch`, unless the query already has
 * it. The pause starts again at every render, so a page still settling does not search half a word.
 */
export function SearchBox({
  label,
  placeholder,
  search,
  onSearch,
  quietMs = 300,
}: {
  /** The box's accessible name. */
  label: string;
  placeholder: string;
  /** The search the list's query has now (the box starts with it). */
  search: string;
  onSearch: (text: string) => void;
  quietMs?: number;
}) {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => onSearch(text), quietMs);
    return () => clearTimeout(timer);
  });
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
