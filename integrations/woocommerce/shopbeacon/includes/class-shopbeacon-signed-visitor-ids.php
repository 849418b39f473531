<?php
defined( 'ABSPATH' ) || exit;

/**
 * The anonymous visitor ids a relay with `SHOPBEACON_IDENTITY_SECRET` signs, as its
 * relay/collect/signed-visitor-ids.ts makes them: 16 base64url characters and a tag of 16 more
 * only the secret makes. The relay's door (`/collect`) believes an anonymous `_sb_uid` only when it
 * signed it and sends any other as the signed id it derives from it. The plugin's server-side
 * events go to `/v1/track`, which takes the `user_id` the key's holder sends, so the plugin applies
 * the door's rule itself: a customer's id sent as an anonymous one is the same stand-in on both
 * doors, and a shopper whose browser holds an unsigned id is one visitor, not two.
 */
class Shopbeacon_Signed_Visitor_Ids {
	/** Base64url characters of the id's own part and of its tag: 96 bits each. */
	const PART_LENGTH = 16;

	/** D: PHP's `$` would otherwise also match before a final newline, which the relay's does not. */
	const SIGNED_ID = '/^[A-Za-z0-9_-]{32}$/D';

	/** @var string */
	private $tag_key;

	/** @var string */
	private $derivation_key;

	/** @param string $secret The relay's SHOPBEACON_IDENTITY_SECRET. */
	public function __construct( $secret ) {
		$this->tag_key        = hash_hmac( 'sha256', 'shopbeacon anonymous visitor tag v1', $secret, true );
		$this->derivation_key = hash_hmac( 'sha256', 'shopbeacon anonymous visitor of a claim v1', $secret, true );
	}

	/** The id the relay's door sends for an anonymous `_sb_uid` of `$id`: itself when the relay signed it, else the one derived from it. */
	public function as_the_relay_sends( $id ) {
		return $this->is_signed( $id ) ? $id : $this->derived_from( $id );
	}

	/** The signed id that stands for `$claimed`, the same for each claim. */
	public function derived_from( $claimed ) {
		return $this->signed( self::part( hash_hmac( 'sha256', $claimed, $this->derivation_key, true ) ) );
	}

	/** Whether the relay minted or derived `$id`. */
	public function is_signed( $id ) {
		return 1 === preg_match( self::SIGNED_ID, $id )
			&& hash_equals( $this->tag_of( substr( $id, 0, self::PART_LENGTH ) ), substr( $id, self::PART_LENGTH ) );
	}

	private function signed( $own ) {
		return $own . $this->tag_of( $own );
	}

	private function tag_of( $own ) {
		return self::part( hash_hmac( 'sha256', $own, $this->tag_key, true ) );
	}

	/** The first characters of a digest in base64url, as Node's `digest('base64url').slice(0, 16)`. */
	private static function part( $digest ) {
		return substr( strtr( base64_encode( $digest ), '+/', '-_' ), 0, self::PART_LENGTH );
	}
}
