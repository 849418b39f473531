<?php
/**
 * shopbeacon for PrestaShop: 0.2.0 to 0.3.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.3.0 over 0.2.0. The identity secret is a new
 * setting with no default (none is stored until the merchant saves one) and no hook is new, so
 * nothing changes in the shop. registerHooksOnUpgrade, not registerHook: PrestaShop 9's Module
 * Manager hands this script an instance without its id, for which registerHook registers nothing.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_3_0($module)
{
    return $module->registerHooksOnUpgrade();
}
