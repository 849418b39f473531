<?php
/**
 * Polylang's API functions over a shop's translation groups as Polylang stores them: each a
 * `post_translations` or `term_translations` term whose description is the serialized map of
 * language to post (term), as tests/fixtures/polylang-3.7.3-translations.json holds a real shop's.
 * `pll_get_post( $id, $lang )` is the group's post in `$lang`, 0 for a post in no group or with no
 * post in `$lang` (Polylang's answer).
 */

/**
 * @param array $setup `default_lang` (the `polylang` option's), `post_translations` and `term_translations` (the descriptions).
 */
function sb_polylang_stand_in( array $setup ) {
	$GLOBALS['sb_polylang'] = $setup;
}

function pll_default_language( $field = 'slug' ) {
	return $GLOBALS['sb_polylang']['default_lang'];
}

function sb_polylang_translation( $descriptions, $id, $lang ) {
	foreach ( $descriptions as $description ) {
		$group = unserialize( $description, array( 'allowed_classes' => false ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- as Polylang reads it.
		if ( is_array( $group ) && in_array( (int) $id, $group, true ) ) {
			return (int) ( $group[ $lang ] ?? 0 );
		}
	}
	return 0;
}

function pll_get_post( $post_id, $lang = '' ) {
	return sb_polylang_translation( $GLOBALS['sb_polylang']['post_translations'] ?? array(), $post_id, $lang );
}

function pll_get_term( $term_id, $lang = '' ) {
	return sb_polylang_translation( $GLOBALS['sb_polylang']['term_translations'] ?? array(), $term_id, $lang );
}
