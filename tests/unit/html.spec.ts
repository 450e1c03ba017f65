import { test } from '@japa/runner'
import { richTextToPlainText, sanitizeRichText } from '#support/html'

test.group('HTML / rich text allow-list (I5 messages)', () => {
  test('keeps bare p, strong and br, lowercased', ({ assert }) => {
    assert.equal(
      sanitizeRichText('<P>Olá <STRONG>Maria</STRONG>,<br/>tudo bem?<BR></P>'),
      '<p>Olá <strong>Maria</strong>,<br>tudo bem?<br></p>'
    )
  })

  test('drops the attributes of allowed tags', ({ assert }) => {
    assert.equal(sanitizeRichText(`<p onclick="x()" style='color:red' class=a>Oi</p>`), '<p>Oi</p>')
  })

  test('removes script-like elements with their content', ({ assert }) => {
    for (const html of [
      '<p>a</p><script>alert(1)</script><p>b</p>',
      '<p>a</p><SCRIPT type="x">alert(1)</SCRIPT ><p>b</p>',
      '<p>a</p><style>p{}</style><iframe src="//evil">x</iframe><p>b</p>',
      '<p>a</p><svg onload=alert(1)><script>alert(1)</script></svg><p>b</p>',
    ]) {
      assert.equal(sanitizeRichText(html), '<p>a</p><p>b</p>', html)
    }
    assert.equal(sanitizeRichText('<p>a</p><script>alert(1)'), '<p>a</p>')
  })

  test('removes other tags but keeps their text', ({ assert }) => {
    assert.equal(
      sanitizeRichText('<div><a href="javascript:alert(1)">link</a> <em>ok</em></div>'),
      'link ok'
    )
    assert.equal(sanitizeRichText('<img src=x onerror=alert(1)>foto'), 'foto')
    assert.equal(sanitizeRichText('a <img src=x onerror=alert(1)'), 'a ')
    assert.equal(sanitizeRichText('a <img src="x onerror=alert(1)>b'), 'a ')
    assert.equal(sanitizeRichText('<p>a<!-- <script>x</script> -->b</p>'), '<p>ab</p>')
    assert.equal(sanitizeRichText('<!DOCTYPE html><?xml x?>a'), 'a')
  })

  test('escapes stray markup characters and keeps character references', ({ assert }) => {
    assert.equal(
      sanitizeRichText('1 < 2 > 0 & "x" \'y\''),
      '1 &lt; 2 &gt; 0 &amp; &quot;x&quot; &#39;y&#39;'
    )
    assert.equal(sanitizeRichText('&lt;b&gt; &amp; &#233; &#xE9;'), '&lt;b&gt; &amp; &#233; &#xE9;')
  })

  test('closes unclosed tags and ignores stray closers', ({ assert }) => {
    assert.equal(sanitizeRichText('<p><strong>a'), '<p><strong>a</strong></p>')
    assert.equal(sanitizeRichText('a</strong></p></br>b'), 'ab')
    assert.equal(sanitizeRichText('<p><strong>a</p>b'), '<p><strong>a</strong></p>b')
  })

  test('is idempotent', ({ assert }) => {
    for (const html of [
      '<p onclick=x>Oi <strong>a & b</strong><br><script>x</script>&lt;i&gt;</p>',
      '1 < 2 "q" <em>e</em>',
    ]) {
      const once = sanitizeRichText(html)
      assert.equal(sanitizeRichText(once), once, html)
    }
  })

  test('plain text carries no markup, even from escaped input', ({ assert }) => {
    assert.equal(
      richTextToPlainText('<p>Olá <strong>Maria</strong></p><p>Até</p>'),
      'Olá Maria\n\nAté'
    )
    assert.equal(richTextToPlainText('<p>a</p><script>alert(1)</script>'), 'a')
    const typed = richTextToPlainText(
      '&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=y&gt;'
    )
    assert.notInclude(typed, '<script')
    assert.notInclude(typed, '<img')
    assert.equal(richTextToPlainText('&lt;&lt;script&gt;script&gt;x'), 'x')
    assert.equal(richTextToPlainText('1 < 2 & 3 > 2'), '1 < 2 & 3 > 2')
  })
})
