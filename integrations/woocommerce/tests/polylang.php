<?php
/**
 * Polylang's API functions as a shop with products in two languages has them: each translation
 * group maps a language to its post (or term), as Polylang's `post_translations` and
 * `term_translations` taxonomies hold them. `pll_get_post( $id, $lang )` is the group's post in
 * `$lang`, 0 for a post in no group (Polylang's answer for a post with no language or translation).
 */

/**
 * @param array $setup `default` (the default language's slug), `posts` and `terms` (translation groups: lang => id).
 */
function sb_polylang_stand_in( array $setup ) {
	$GLOBALS['sb_polylang'] = $setup;
}

function pll_default_language( $field = 'slug' ) {
	return $GLOBALS['sb_polylang']['default'];
}

function sb_polylang_translation( $groups, $id, $lang ) {
	foreach ( $groups as $group ) {
		if ( in_array( (int) $id, array_map( 'intval', $group ), true ) ) {
			return (int) ( $group[ $lang ] ?? 0 );
		}
	}
	return 0;
}

function pll_get_post( $post_id, $lang = '' ) {
	return sb_polylang_translation( $GLOBALS['sb_polylang']['posts'] ?? array(), $post_id, $lang );
}

function pll_get_term( $term_id, $lang = '' ) {
	return sb_polylang_translation( $GLOBALS['sb_polylang']['terms'] ?? array(), $term_id, $lang );
}
