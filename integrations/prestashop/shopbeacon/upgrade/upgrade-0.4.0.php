<?php
/**
 * shopbeacon for PrestaShop: 0.3.0 to 0.4.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.4.0 over 0.3.0: the listing's hooks
 * (`filterProductSearch`, `displayBeforeBodyClosingTag`) are new, and registerHook skips the
 * hooks already registered.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_4_0($module)
{
    return $module->registerHook(shopbeacon::HOOKS);
}
