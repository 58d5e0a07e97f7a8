import { DESCRIPTOR_SEARCH_MIN, type DescriptorSearch, descriptorSearch } from '@domain/limits';

/**
 * The descriptor search as typed (spec 3, sections 2.6 and 9): it starts at 2 characters, so a single character
 * searches nothing yet; '' resets, a blank value is not a valid search, anything else matches case-insensitively.
 */
export function typedDescriptorSearch(value: string): DescriptorSearch {
  if (value !== '' && value.length < DESCRIPTOR_SEARCH_MIN) return { kind: 'all' };
  return descriptorSearch(value);
}
